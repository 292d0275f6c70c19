// A domain rule (docs/api-assumptions.md, Firewall), read tolerantly.
import type { DomainRule } from '../../../../src-shared/contract/firewall.ts';
import { withoutUndefined } from '../../without-undefined.ts';
import { requiredOf, type Fields } from '../../wire/read.ts';
import type { ResourceSpec } from '../appliance-resource.ts';

export function readDomainRule(fields: Fields): DomainRule | undefined {
  const required = requiredOf(fields, ['id', 'rule_id', 'uuid'], { domain: ['domain', 'name', 'pattern', 'host'] });
  return required && {
    ...required,
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
  activity: { kind: 'domainRule', verbs: { create: 'addDomainRule', remove: 'removeDomainRule' }, labelField: 'domain' },
  read: readDomainRule,
  access: 'operate',
  toWire: (input) => withoutUndefined({ domain: input.domain, action: input.action, description: input.description }),
  formFieldOf: { domain: 'domain', action: 'action', description: 'description' },
  // The appliance stores the name lower-case (docs/api-assumptions.md).
  createdBy: (rule, body) => rule.domain.toLowerCase() === String(body['domain']).toLowerCase() && (rule.action ?? body['action']) === body['action'],
};
