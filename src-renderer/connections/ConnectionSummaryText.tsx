import { useTranslation } from 'react-i18next';
import type { ConnectionSummary } from '../../src-preload/contract/profiles.ts';
import { formatDuration } from '../ui/format.ts';

/** One line that says what a successful connection test learned. */
export function ConnectionSummaryText({ summary }: { summary: ConnectionSummary }) {
  const { t, i18n } = useTranslation();
  const list = (items: string[]) => new Intl.ListFormat(i18n.language, { style: 'narrow', type: 'conjunction' }).format(items);
  switch (summary.service) {
    case 'gateway':
      return (
        <span>
          {t('summary.models', { count: summary.modelCount })}
          {summary.models.length > 0 &&
            t('summary.modelList', { models: list([...summary.models.slice(0, 6), ...(summary.models.length > 6 ? ['…'] : [])]) })}
        </span>
      );
    case 'support': {
      const channels = Object.entries(summary.channels).map(([name, open]) =>
        open ? t('summary.channelOpen', { name }) : t('summary.channelClosed', { name }),
      );
      return (
        <span>
          {[
            t('summary.sites', { sites: summary.sites.length > 0 ? list(summary.sites) : t('summary.none') }),
            t('summary.channels', { channels: channels.length > 0 ? list(channels) : t('summary.unknown') }),
            t('summary.scopes', { scopes: summary.scopes.length > 0 ? list(summary.scopes) : t('summary.none') }),
          ].join(' · ')}
        </span>
      );
    }
    case 'firewall':
      return (
        <span>
          {[
            t('summary.version', { version: summary.version }),
            ...(summary.edition ? [t('summary.edition', { edition: summary.edition })] : []),
            ...(summary.uptimeSeconds !== null ? [t('summary.uptime', { duration: formatDuration(summary.uptimeSeconds, i18n.language) })] : []),
          ].join(' · ')}
        </span>
      );
  }
}
