import type { ComponentType } from 'react';
import type { ProfileView } from '../../../src-shared/contract/profiles.ts';

/** What every section of the Support view gets: the support profile the view shows. */
export interface SupportSectionProps {
  profile: ProfileView;
  /** The item a notification or link opened this section for (a ticket's id, say), to show it first. */
  itemId?: string;
}

/** One entry of the Support view's section nav. */
export interface SupportSection {
  /** Stable: kept in the tab's params, so a restored tab opens the same section. */
  id: string;
  /** Read at render time, so the nav follows the window's language. */
  title(): string;
  component: ComponentType<SupportSectionProps>;
}
