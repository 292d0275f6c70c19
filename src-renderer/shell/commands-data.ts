// The bridge calls of the palette's commands that no feature's data file offers outside a view.
import type { ProfileView } from '../../src-shared/contract/profiles.ts';
import { opsdesk } from '../data/bridge.ts';

/** Every cached list of the connection asks its server now; main's cache events refresh what shows them. */
export function syncNow(profile: ProfileView): void {
  if (profile.service === 'firewall') void opsdesk.firewall.syncNow({ profileId: profile.id });
  if (profile.service === 'support') void opsdesk.support.syncNow({ profileId: profile.id });
}
