import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import { profileInputSchema } from '../../../src-preload/contract/profiles.ts';
import type { ProfileService } from './profile-service.ts';
import type { ProfileRepository } from './profile-repository.ts';

const importFileSchema = z.object({ profiles: z.array(z.unknown()).max(100) });

/**
 * Profiles handed to the app in a file (the demo's simulators, or an administrator's rollout).
 * Each one goes through the same validation and save as a profile typed into Settings; a profile
 * with the same service and name is updated rather than duplicated.
 */
export async function importProfiles(file: string, profiles: ProfileService, repository: ProfileRepository): Promise<number> {
  const { profiles: entries } = importFileSchema.parse(JSON.parse(await readFile(file, 'utf8')));
  for (const entry of entries) {
    const input = profileInputSchema.parse(entry);
    const existing = repository.findByName(input.service, input.name);
    await profiles.save({ ...input, id: existing?.id });
  }
  return entries.length;
}
