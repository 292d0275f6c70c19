import { useTranslation } from 'react-i18next';
import type { ConnectionSummary, ServerDescriptionSummary } from '../../../src-shared/contract/profiles.ts';
import { formatDuration } from '../../ui/format.ts';
import { KeyAccess } from './KeyAccess.tsx';

/** One line that says what a successful connection test learned. */
export function ConnectionSummaryText({ summary }: { summary: ConnectionSummary }) {
  const { t, i18n } = useTranslation();
  const list = (items: string[]) => new Intl.ListFormat(i18n.language, { style: 'narrow', type: 'conjunction' }).format(items);
  /** What the server's own OpenAPI description said, against the document. */
  const described = (description: ServerDescriptionSummary | undefined) =>
    description
      ? [
          t('summary.described', { count: description.operations }),
          ...(description.missing.length > 0 ? [t('summary.notOffered', { endpoints: list(description.missing) })] : []),
        ]
      : [t('summary.noDescription')];
  switch (summary.service) {
    case 'gateway':
      return (
        <span>
          {t('summary.models', { count: summary.modelCount })}
          {summary.models.length > 0 &&
            t('summary.modelList', { models: list([...summary.models.slice(0, 6), ...(summary.models.length > 6 ? ['…'] : [])]) })}
          {summary.unusableModelCount !== undefined && t('summary.unusableModels', { count: summary.unusableModelCount })}
        </span>
      );
    case 'support': {
      const switches = (byName: Record<string, boolean>) =>
        Object.entries(byName).map(([name, open]) => (open ? t('summary.channelOpen', { name }) : t('summary.channelClosed', { name })));
      const channels = switches(summary.channels);
      const route = summary.siteSentAs;
      return (
        <span>
          {[
            t('summary.sites', { sites: summary.sites.length > 0 ? list(summary.sites) : t('summary.none') }),
            t('summary.channels', { channels: channels.length > 0 ? list(channels) : t('summary.unknown') }),
            ...(summary.siteChannels ? [t('summary.siteChannels', { channels: list(switches(summary.siteChannels)) })] : []),
            ...(route
              ? [t('summary.siteSentAs', { place: t(`summary.sitePlaces.${route.in}`), name: route.name, source: t(`summary.learnedFrom.${route.learnedFrom}`) })]
              : []),
            ...described(summary.described),
          ].join(' · ')}
          <span className="key-access-summary">
            <KeyAccess scopes={summary.scopes} keyType={summary.keyType ?? null} />
          </span>
        </span>
      );
    }
    case 'firewall':
      return (
        <span>
          {[
            t('summary.version', { version: summary.version }),
            // An appliance that names its edition in words (`Enterprise Edition`) is shown as it wrote it.
            ...(summary.edition ? [/\bedition\b|版/i.test(summary.edition) ? summary.edition : t('summary.edition', { edition: summary.edition })] : []),
            ...(summary.uptimeSeconds !== null ? [t('summary.uptime', { duration: formatDuration(summary.uptimeSeconds, i18n.language) })] : []),
            ...(summary.cpuPercent !== undefined ? [t('summary.cpu', { percent: summary.cpuPercent })] : []),
            ...(summary.memoryPercent !== undefined ? [t('summary.memory', { percent: summary.memoryPercent })] : []),
            ...(summary.activeSessions !== undefined ? [t('summary.sessions', { count: summary.activeSessions })] : []),
            ...described(summary.described),
          ].join(' · ')}
        </span>
      );
  }
}
