import type { ProfileView } from '../../../src-shared/contract/profiles.ts';

/**
 * The connection a view opens on when the user has not picked one: the one last used for this kind
 * of view, else the first TEST one; LIVE only when there is nothing else, and then it says so
 * (`liveByDefault`) rather than opening on it silently.
 */
export function defaultProfile(profiles: readonly ProfileView[], lastUsedId: string | undefined): { profile: ProfileView | undefined; liveByDefault: boolean } {
  const lastUsed = profiles.find((profile) => profile.id === lastUsedId);
  if (lastUsed) return { profile: lastUsed, liveByDefault: false };
  const test = profiles.find((profile) => !profile.live);
  if (test) return { profile: test, liveByDefault: false };
  return { profile: profiles[0], liveByDefault: profiles.length > 1 };
}
