// An allow-list entry (docs/api-assumptions.md, Firewall), read tolerantly.
import type { AllowEntry } from '../../../../src-shared/contract/firewall.ts';
import { withoutUndefined } from '../../without-undefined.ts';
import { requiredOf, type Fields } from '../../wire/read.ts';
import type { ResourceSpec } from '../appliance-resource.ts';

export function readAllowEntry(fields: Fields): AllowEntry | undefined {
  const required = requiredOf(fields, ['id', 'entry_id', 'uuid'], { ip: ['ip', 'address', 'cidr', 'ip_address'] });
  return required && { ...required, description: fields.string('description', 'comment', 'reason') ?? null, createdAt: fields.time('created_at', 'createdAt', 'time') ?? null };
}

export interface AllowInput {
  ip: string;
  description: string;
}

export const allowEntryResource: ResourceSpec<AllowEntry, AllowInput> = {
  path: '/allowlist',
  activity: { kind: 'allowEntry', verbs: { create: 'addAllow', remove: 'removeAllow' }, addressField: 'ip' },
  read: readAllowEntry,
  access: 'operate',
  toWire: (input) => withoutUndefined({ ip: input.ip, description: input.description }),
  formFieldOf: { ip: 'ip', description: 'description' },
  // An address allowed already is what the create asked for.
  createdBy: (entry, body) => entry.ip === body['ip'],
};
