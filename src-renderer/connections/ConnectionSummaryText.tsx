import type { ConnectionSummary } from '../../src-preload/contract/profiles.ts';

const formatUptime = (seconds: number): string => {
  const days = Math.floor(seconds / 86_400);
  const hours = Math.floor((seconds % 86_400) / 3_600);
  const minutes = Math.floor((seconds % 3_600) / 60);
  return days > 0 ? `${days} d ${hours} h` : hours > 0 ? `${hours} h ${minutes} min` : `${minutes} min`;
};

/** One line that says what a successful connection test learned. */
export function ConnectionSummaryText({ summary }: { summary: ConnectionSummary }) {
  switch (summary.service) {
    case 'gateway':
      return (
        <span>
          {summary.modelCount} {summary.modelCount === 1 ? 'model' : 'models'} available
          {summary.models.length > 0 && `: ${summary.models.slice(0, 6).join(', ')}${summary.models.length > 6 ? ', …' : ''}`}
          {summary.unusableModelCount !== undefined && ` · ${summary.unusableModelCount} listed with an unusable id, left out`}
        </span>
      );
    case 'support': {
      const channels = Object.entries(summary.channels);
      return (
        <span>
          Sites: {summary.sites.join(', ') || 'none'} · API channel{' '}
          {channels.length === 0 ? 'unknown' : channels.map(([name, open]) => `${name} ${open ? 'open' : 'closed'}`).join(', ')} · Scopes:{' '}
          {summary.scopes.join(', ') || 'none'}
        </span>
      );
    }
    case 'firewall':
      return (
        <span>
          Version {summary.version}
          {summary.edition && ` · ${summary.edition} edition`}
          {summary.uptimeSeconds !== null && ` · up ${formatUptime(summary.uptimeSeconds)}`}
        </span>
      );
  }
}
