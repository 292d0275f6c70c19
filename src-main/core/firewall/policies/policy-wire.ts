// A security policy on the wire (docs/api-assumptions.md, "policies and address objects").
import type { Policy, PolicyInput } from '../../../../src-shared/contract/firewall-admin.ts';
import { withoutUndefined } from '../../without-undefined.ts';
import { requiredOf, type Fields } from '../../wire/read.ts';
import { sameName, type ResourceSpec } from '../appliance-resource.ts';

export function readPolicy(policy: Fields): Policy | undefined {
  const required = requiredOf(policy, ['id', 'policy_id', 'uuid'], {});
  return required && withoutUndefined({
    ...required,
    name: policy.string('name', 'title') ?? '',
    enabled: policy.boolean('enabled', 'status', 'active') ?? true,
    action: policy.string('action', 'decision') ?? '',
    source: policy.strings('source', 'sources', 'src', 'source_addresses') ?? [],
    destination: policy.strings('destination', 'destinations', 'dst', 'destination_addresses') ?? [],
    service: policy.strings('service', 'services') ?? [],
    priority: policy.number('priority', 'order', 'position'),
    description: policy.string('description', 'comment', 'remark') ?? '',
    hitCount: policy.number('hit_count', 'hits', 'hitCount'),
    createdAt: policy.time('created_at', 'createdAt', 'create_time'),
    updatedAt: policy.time('updated_at', 'updatedAt', 'update_time'),
  });
}

export function policyToWire(input: Partial<PolicyInput>): Record<string, unknown> {
  return withoutUndefined({
    name: input.name,
    action: input.action,
    enabled: input.enabled,
    source: input.source,
    destination: input.destination,
    service: input.service,
    priority: input.priority,
    description: input.description,
  });
}

/** Wire and form use the same names for policies. */
export const policyFormFields = {
  name: 'name', action: 'action', enabled: 'enabled', source: 'source', destination: 'destination',
  service: 'service', priority: 'priority', description: 'description',
} as const;

export const policyResource: ResourceSpec<Policy, PolicyInput> = { path: '/policies', read: readPolicy, activity: { kind: 'policy', verbs: { create: 'createPolicy', update: 'updatePolicy', remove: 'deletePolicy' }, labelField: 'name' }, access: 'administer', toWire: policyToWire, formFieldOf: policyFormFields, createdBy: sameName };
