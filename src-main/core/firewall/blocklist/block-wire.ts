// A block-list entry (firewall.md, part 2: id, ip; docs/api-assumptions.md for the rest), read tolerantly.
import type { BlockEntry } from '../../../../src-preload/contract/firewall.ts';
import { requiredOf, type Fields } from '../../wire/read.ts';
import type { ResourceSpec } from '../appliance-resource.ts';

export function readBlockEntry(fields: Fields): BlockEntry | undefined {
  const required = requiredOf(fields, ['id', 'entry_id', 'block_id', 'uuid'], { ip: ['ip', 'address', 'ip_address', 'src_ip'] });
  if (!required) return undefined;
  const expiresAt = fields.time('expires_at', 'expiresAt', 'expire_at', 'expiry') ?? null;
  return {
    ...required,
    durationSeconds: fields.number('duration', 'duration_seconds', 'ttl') ?? null,
    expiresAt,
    reason: fields.string('reason', 'description', 'comment') ?? null,
    source: fields.string('source', 'origin', 'created_by') ?? null,
    createdAt: fields.time('created_at', 'createdAt', 'blocked_at', 'time') ?? null,
  };
}

export interface BlockInput {
  ip: string;
  durationSeconds: number;
  reason: string;
}

export const blockEntryResource: ResourceSpec<BlockEntry, BlockInput> = {
  path: '/blocklist',
  activity: { kind: 'blockEntry', name: 'BlockEntry', addressField: 'ip' },
  read: readBlockEntry,
  access: 'operate',
  toWire: (input) => ({ ip: input.ip, duration: input.durationSeconds, reason: input.reason }),
  formFieldOf: { ip: 'ip', duration: 'durationSeconds', reason: 'reason' },
  // The appliance keeps one block per address (a block again renews it); this write's is the one with its reason.
  createdBy: (entry, body) => entry.ip === body['ip'] && (entry.reason ?? '') === body['reason'],
  lookup: (body) => ({ ip: String(body['ip']) }),
};
