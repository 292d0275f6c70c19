import type { Translator } from '../../../src-shared/i18n/translator.ts';
import type { NotificationCenter } from './notification-center.ts';

/** What a feature's notices need: the center to raise them in, the words, and a profile's name. */
export interface NoticeContext {
  notifications: Pick<NotificationCenter, 'raise' | 'settings'>;
  translator: Translator;
  profileName(profileId: string): string;
}
