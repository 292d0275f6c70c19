// A block-list entry (firewall.md, part 2: id, ip; docs/api-assumptions.md for the rest), read tolerantly.
import type { BlockEntry } from '../../../../src-shared/contract/firewall.ts';
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

/** The params a block write keeps of the block that stood when it was made: its expiry and when it was made, as the cache read them. */
export function heldBlockParams(held: BlockEntry | undefined): Record<string, string> {
  return held ? { heldUntil: held.expiresAt ?? 'permanent', heldSince: held.createdAt ?? '' } : {};
}

function isHeldBlock(entry: BlockEntry, params: Readonly<Record<string, string | number>>): boolean {
  return params['heldUntil'] !== undefined && (entry.expiresAt ?? 'permanent') === params['heldUntil'] && (entry.createdAt ?? '') === params['heldSince'];
}

/** A permanent block has no expiry, any other one has one (or says its duration); the duration, when said, is the one asked. */
function lastsAsAsked(entry: BlockEntry, seconds: number): boolean {
  if (entry.durationSeconds !== null) return entry.durationSeconds === seconds;
  return seconds === 0 ? entry.expiresAt === null : entry.expiresAt !== null;
}

export interface BlockInput {
  ip: string;
  durationSeconds: number;
  reason: string;
}

/** A block (also an Extend: the appliance renews a block it holds) and its release, named by their calls. */
export const blockVerbs = { create: 'block', remove: 'unblock' } as const;

export const blockEntryResource: ResourceSpec<BlockEntry, BlockInput> = {
  path: '/blocklist',
  activity: { kind: 'blockEntry', verbs: blockVerbs, addressField: 'ip' },
  read: readBlockEntry,
  access: 'operate',
  toWire: (input) => ({ ip: input.ip, duration: input.durationSeconds, reason: input.reason }),
  formFieldOf: { ip: 'ip', duration: 'durationSeconds', reason: 'reason' },
  // The appliance keeps one block per address (a block again renews it): this write's is the one
  // with its reason that lasts as it asked, and not the block that stood when it was made (an
  // Extend keeps the block's reason, so the old block alone would look like its answer).
  createdBy: (entry, body, _madeAt, params) =>
    entry.ip === body['ip'] && (entry.reason ?? '') === body['reason'] && lastsAsAsked(entry, Number(body['duration'])) && !isHeldBlock(entry, params),
  lookup: (body) => ({ ip: String(body['ip']) }),
};
