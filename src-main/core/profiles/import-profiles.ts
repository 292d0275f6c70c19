import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import { profileInputSchema } from '../../../src-shared/contract/profiles.ts';
import type { ProfileService } from './profile-service.ts';
import type { ProfileRepository } from './profile-repository.ts';

const importFileSchema = z.object({ profiles: z.array(z.unknown()).max(100) });

/**
 * Profiles handed to the app in a file (the demo's simulators).
 * Each one goes through the same validation and save as a profile typed into Settings; a profile
 * with the same service and name is updated rather than duplicated.
 */
export async function importProfiles(file: string, profiles: ProfileService, repository: ProfileRepository): Promise<number> {
  // The file holds keys: errors name the entry and field, never quote the file (as JSON.parse would).
  let document: unknown;
  try {
    document = JSON.parse(await readFile(file, 'utf8'));
  } catch (error) {
    const reason = error instanceof SyntaxError ? 'it is not valid JSON' : `it cannot be read (${(error as NodeJS.ErrnoException).code ?? 'error'})`;
    // eslint-disable-next-line preserve-caught-error -- the cause quotes the file, which holds keys
    throw new Error(`The profiles file ${file} was not imported: ${reason}.`);
  }
  const parsedFile = importFileSchema.safeParse(document);
  if (!parsedFile.success) throw new Error(`The profiles file ${file} was not imported: it has no "profiles" list.`);
  for (const [index, entry] of parsedFile.data.profiles.entries()) {
    const parsed = profileInputSchema.safeParse(entry);
    if (!parsed.success) {
      const fields = parsed.error.issues.map((issue) => issue.path.join('.') || 'entry').join(', ');
      throw new Error(`Profile ${index + 1} in ${file} was not imported: check ${fields}.`);
    }
    const existing = repository.findByName(parsed.data.service, parsed.data.name);
    await profiles.save({ ...parsed.data, id: existing?.id });
  }
  return parsedFile.data.profiles.length;
}
