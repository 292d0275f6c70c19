import type { ComponentType } from 'react';
import type { ProfileView } from '../../../src-shared/contract/profiles.ts';

/** What every section of the Firewall view gets: the appliance profile the view shows. */
export interface FirewallSectionProps {
  profile: ProfileView;
}

/** One entry of the Firewall view's section nav. */
export interface FirewallSection {
  /** Stable: kept in the tab's params, so a restored tab opens the same section. */
  id: string;
  /** Read at render time, so the nav follows the window's language. */
  title(): string;
  component: ComponentType<FirewallSectionProps>;
}
