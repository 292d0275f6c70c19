// A domain rule (docs/api-assumptions.md, Firewall), read tolerantly.
import type { DomainRule } from '../../../../src-preload/contract/firewall.ts';
import { withoutUndefined } from '../../without-undefined.ts';
import type { Fields } from '../../wire/read.ts';
import type { ResourceSpec } from '../appliance-resource.ts';

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

export interface DomainRuleInput {
  domain: string;
  action: string;
  description: string;
}

export const domainRuleResource: ResourceSpec<DomainRule, DomainRuleInput> = {
  path: '/domains/rules',
  read: readDomainRule,
  access: 'operate',
  toWire: (input) => withoutUndefined({ domain: input.domain, action: input.action, description: input.description }),
  formFieldOf: { domain: 'domain', action: 'action', description: 'description' },
};
