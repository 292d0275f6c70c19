import type { ConnectionSummary, ServerDescriptionSummary } from '../../src-preload/contract/profiles.ts';

const formatUptime = (seconds: number): string => {
  const days = Math.floor(seconds / 86_400);
  const hours = Math.floor((seconds % 86_400) / 3_600);
  const minutes = Math.floor((seconds % 3_600) / 60);
  return days > 0 ? `${days} d ${hours} h` : hours > 0 ? `${hours} h ${minutes} min` : `${minutes} min`;
};

const sitePlacementWords = { header: 'header', query: 'query parameter', path: 'path' } as const;
const learnedFromWords = { server: "from the server's description", profile: 'as the profile says', default: 'by default' } as const;

/** What the server's own OpenAPI description said, against the document. */
function DescribedText({ described }: { described: ServerDescriptionSummary | undefined }) {
  if (!described) return <> · No server description published</>;
  return (
    <>
      {' '}
      · Server describes {described.operations} operations
      {described.missing.length > 0 && `; not offered: ${described.missing.join(', ')}`}
    </>
  );
}

/** One line that says what a successful connection test learned. */
export function ConnectionSummaryText({ summary }: { summary: ConnectionSummary }) {
  switch (summary.service) {
    case 'gateway':
      return (
        <span>
          {summary.modelCount} {summary.modelCount === 1 ? 'model' : 'models'} available
          {summary.models.length > 0 && `: ${summary.models.slice(0, 6).join(', ')}${summary.models.length > 6 ? ', …' : ''}`}
        </span>
      );
    case 'support': {
      const channels = Object.entries(summary.channels);
      return (
        <span>
          Sites: {summary.sites.join(', ') || 'none'} · API channel{' '}
          {channels.length === 0 ? 'unknown' : channels.map(([name, open]) => `${name} ${open ? 'open' : 'closed'}`).join(', ')} · Scopes:{' '}
          {summary.scopes.join(', ') || 'none'}
          {summary.siteSentAs &&
            ` · Site sent in ${sitePlacementWords[summary.siteSentAs.in]} ${summary.siteSentAs.name} (${learnedFromWords[summary.siteSentAs.learnedFrom]})`}
          <DescribedText described={summary.described} />
        </span>
      );
    }
    case 'firewall':
      return (
        <span>
          Version {summary.version}
          {summary.edition && ` · ${summary.edition} edition`}
          {summary.uptimeSeconds !== null && ` · up ${formatUptime(summary.uptimeSeconds)}`}
          {summary.cpuPercent !== undefined && ` · CPU ${summary.cpuPercent}%`}
          {summary.memoryPercent !== undefined && ` · memory ${summary.memoryPercent}%`}
          {summary.activeSessions !== undefined && ` · ${summary.activeSessions} sessions`}
          <DescribedText described={summary.described} />
        </span>
      );
  }
}
