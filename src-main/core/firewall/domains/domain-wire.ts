// A domain rule (docs/api-assumptions.md, Firewall), read tolerantly.
import type { DomainRule } from '../../../../src-preload/contract/firewall.ts';
import type { Fields } from '../../wire/read.ts';

export function readDomainRule(fields: Fields): DomainRule | undefined {
  const id = fields.id('id', 'rule_id', 'uuid');
  const domain = fields.string('domain', 'name', 'pattern', 'host');
  if (id === undefined || domain === undefined) return undefined;
  return {
    id,
    domain,
    action: fields.string('action', 'type', 'list') ?? null,
    description: fields.string('description', 'comment') ?? null,
    createdAt: fields.time('created_at', 'createdAt', 'time') ?? null,
  };
}
