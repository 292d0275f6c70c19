// What a desktop notification may show of an entry. The toast is on a screen others see (a shared
// screen, a locked laptop's banner) and in a history the OS keeps outside OpsDesk's encrypted
// cache, so it says only what the analyst's choice allows; the center keeps every word.
import type { DesktopPrivacy, DesktopPrivacySource, NotificationKind, NotificationSettings } from '../../../src-shared/contract/notifications.ts';
import { desktopPrivacyChoices } from '../../../src-shared/notification-constants.ts';
import type { AlertSeverity } from '../../../src-shared/contract/firewall.ts';
import type { Translator } from '../../../src-shared/i18n/translator.ts';

/** The product's name is the one word a count-only toast adds; it names nothing of the analyst's. */
const appName = 'OpsDesk';

/** Whose choice covers a kind; a kind of no one back end (none is raised today) takes the stricter. */
const sourceOf: Partial<Record<NotificationKind, DesktopPrivacySource>> = {
  alerts: 'firewall',
  'block-created': 'firewall',
  'block-released': 'firewall',
  'support-tickets': 'support',
  'support-messages': 'support',
  'support-webhook': 'support',
};

/** The choice that shows least (the choices are listed from most to least). */
export function strictest(choices: Iterable<DesktopPrivacy>): DesktopPrivacy {
  let least: DesktopPrivacy = 'everything';
  for (const choice of choices) if (desktopPrivacyChoices.indexOf(choice) > desktopPrivacyChoices.indexOf(least)) least = choice;
  return least;
}

export function desktopPrivacyOf(kind: NotificationKind, privacy: NotificationSettings['desktopPrivacy']): DesktopPrivacy {
  const source = sourceOf[kind];
  return source ? privacy[source] : strictest(Object.values(privacy));
}

export interface DesktopEntry {
  kind: NotificationKind;
  /** An alert entry's severity, the one detail "kind and severity" keeps. */
  severity: AlertSeverity | null;
  count: number;
  title: string;
  body: string;
}

/**
 * The toast's words for an entry under a choice. The reduced ones are worded here from the kind,
 * the severity and the count alone, never cut from the entry's own words, so no feature's notice
 * can slip a name into them.
 */
export function desktopText(entry: DesktopEntry, choice: DesktopPrivacy, { t }: Translator): { title: string; body: string } {
  if (choice === 'everything') return { title: entry.title, body: entry.body };
  if (choice === 'count') return { title: appName, body: t('notify.private.items', { count: entry.count }) };
  return { title: kindTitle(entry, t), body: t('notify.private.details') };
}

function kindTitle({ kind, severity, count }: DesktopEntry, t: Translator['t']): string {
  switch (kind) {
    case 'alerts':
      return severity ? t('notify.alerts', { count, severity: t(`notify.severity.${severity}`) }) : t('notify.private.alerts', { count });
    case 'block-created':
      return t('notify.blocks', { count });
    case 'block-released':
      return t('notify.released', { count });
    case 'support-tickets':
      return t('notify.tickets', { count });
    case 'support-messages':
      return t('notify.visitorMessages', { count });
    case 'support-webhook':
      return t('notify.private.supportEvents', { count });
    case 'sync':
      return t('notify.private.items', { count });
  }
}
