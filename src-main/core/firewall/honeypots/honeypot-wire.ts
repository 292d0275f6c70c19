// A honeypot and its trigger events on the wire (docs/api-assumptions.md, "devices, honeypots, trigger events").
import type { Honeypot, HoneypotEvent, HoneypotInput } from '../../../../src-shared/contract/firewall-admin.ts';
import { withoutUndefined } from '../../without-undefined.ts';
import { requiredOf, type Fields } from '../../wire/read.ts';
import { sameName, type ResourceSpec } from '../appliance-resource.ts';

export function readHoneypot(honeypot: Fields): Honeypot | undefined {
  const required = requiredOf(honeypot, ['id', 'honeypot_id', 'uuid'], {});
  return required && withoutUndefined({
    ...required,
    name: honeypot.string('name', 'title') ?? '',
    type: honeypot.string('type', 'service', 'protocol') ?? '',
    ip: honeypot.string('ip', 'ip_address', 'address'),
    port: honeypot.number('port', 'listen_port'),
    enabled: honeypot.boolean('enabled', 'status', 'active') ?? true,
    triggerCount: honeypot.number('trigger_count', 'triggers', 'hit_count', 'triggerCount'),
    lastTriggeredAt: honeypot.time('last_triggered_at', 'lastTriggeredAt', 'last_trigger_time'),
    createdAt: honeypot.time('created_at', 'createdAt', 'create_time'),
    updatedAt: honeypot.time('updated_at', 'updatedAt', 'update_time'),
  });
}

export function readHoneypotEvent(event: Fields): HoneypotEvent | undefined {
  const id = event.id('id', 'event_id', 'uuid');
  if (id === undefined) return undefined;
  return withoutUndefined({
    id,
    honeypotId: event.id('honeypot_id', 'honeypotId'),
    srcIp: event.string('src_ip', 'source_ip', 'srcIp', 'attacker_ip'),
    occurredAt: event.time('occurred_at', 'time', 'timestamp', 'occurredAt'),
    detail: event.string('detail', 'details', 'message', 'description'),
  });
}

export function honeypotToWire(input: Partial<HoneypotInput>): Record<string, unknown> {
  return withoutUndefined({ name: input.name, type: input.type, ip: input.ip, port: input.port, enabled: input.enabled });
}

export const honeypotFormFields = { name: 'name', type: 'type', ip: 'ip', port: 'port', enabled: 'enabled' } as const;

export const honeypotResource: ResourceSpec<Honeypot, HoneypotInput> = { path: '/honeypots', read: readHoneypot, activity: { kind: 'honeypot', verbs: { create: 'createHoneypot', update: 'updateHoneypot', remove: 'deleteHoneypot' }, labelField: 'name', addressField: 'ip' }, access: 'administer', toWire: honeypotToWire, formFieldOf: honeypotFormFields, createdBy: sameName };
