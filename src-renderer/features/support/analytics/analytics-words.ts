import { useTranslation } from 'react-i18next';

const groups = ['tickets', 'contacts', 'work', 'chats', 'faq'] as const;
const figures = ['sessions', 'messages'] as const;
const statuses = ['offline', 'queued', 'active', 'closed', 'new', 'following', 'done', 'open', 'pending', 'waiting', 'resolved'] as const;
const isOneOf = <T extends string>(list: readonly T[], value: string): value is T => (list as readonly string[]).includes(value);

/** The words for the names a server groups its counts by; a name OpsDesk does not know is shown as sent. */
export function useAnalyticsWords() {
  const { t } = useTranslation();
  return {
    group: (name: string) => (isOneOf(groups, name) ? t(`supportDesk.analytics.groups.${name}`) : name),
    figure: (name: string) => (isOneOf(figures, name) ? t(`supportDesk.analytics.figures.${name}`) : name),
    status: (name: string) => (isOneOf(statuses, name) ? t(`supportDesk.analytics.statuses.${name}`) : name),
  };
}
