// Log search on the wire (docs/api-assumptions.md, "log search query and result").
import type { LogEntry, LogQuery } from '../../../../src-shared/contract/firewall-admin.ts';
import { withoutUndefined } from '../../without-undefined.ts';
import type { Fields } from '../../wire/read.ts';

const presetMs: Readonly<Record<string, number>> = { '15m': 15 * 60_000, '1h': 3_600_000, '24h': 86_400_000, '7d': 7 * 86_400_000 };

/** The query object `POST /logs/search` takes; a time preset becomes `since`, counted back from `nowMs`. */
export function logSearchBody(query: LogQuery, nowMs: number): Record<string, unknown> {
  const preset = query.timePreset ?? '24h';
  const window = presetMs[preset];
  const blank = (value: string | undefined) => (value === undefined || value.trim() === '' ? undefined : value.trim());
  return withoutUndefined({
    query: blank(query.text),
    src_ip: blank(query.srcIp),
    dst_ip: blank(query.dstIp),
    type: query.type,
    action: query.action,
    since: window !== undefined ? new Date(nowMs - window).toISOString() : preset === 'custom' ? blank(query.since) : undefined,
    until: preset === 'custom' ? blank(query.until) : undefined,
  });
}

export function readLogEntry(entry: Fields): LogEntry | undefined {
  const id = entry.id('id', 'log_id', 'uuid');
  if (id === undefined) return undefined;
  return withoutUndefined({
    id,
    time: entry.time('time', 'timestamp', 'occurred_at', 'logged_at'),
    type: entry.string('type', 'log_type', 'category'),
    srcIp: entry.string('src_ip', 'source_ip', 'srcIp'),
    srcPort: entry.number('src_port', 'source_port', 'srcPort'),
    dstIp: entry.string('dst_ip', 'destination_ip', 'dstIp'),
    dstPort: entry.number('dst_port', 'destination_port', 'dstPort'),
    protocol: entry.string('protocol', 'proto'),
    action: entry.string('action', 'decision'),
    bytes: entry.number('bytes', 'byte_count', 'size'),
    ruleId: entry.id('rule_id', 'ruleId', 'policy_id'),
    message: entry.string('message', 'msg', 'detail'),
  });
}

/** The query form's names for the appliance's, for the 400s a search can get. */
export const logQueryFormFields = { query: 'text', src_ip: 'srcIp', dst_ip: 'dstIp', type: 'type', action: 'action', since: 'since', until: 'until' } as const;
