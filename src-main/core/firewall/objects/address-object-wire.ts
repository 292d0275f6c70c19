// An address object or group on the wire (docs/api-assumptions.md, "policies and address objects").
import type { AddressObject, AddressObjectInput } from '../../../../src-shared/contract/firewall-admin.ts';
import { withoutUndefined } from '../../without-undefined.ts';
import { requiredOf, type Fields } from '../../wire/read.ts';
import { sameName, type ResourceSpec } from '../appliance-resource.ts';

export function readAddressObject(address: Fields): AddressObject | undefined {
  const required = requiredOf(address, ['id', 'object_id', 'uuid'], {});
  return required && withoutUndefined({
    ...required,
    members: address.strings('members', 'member_ids', 'children') ?? [],
    name: address.string('name', 'title') ?? '',
    type: address.string('type', 'kind', 'object_type') ?? '',
    value: address.string('value', 'address', 'ip', 'fqdn', 'subnet'),
    description: address.string('description', 'comment', 'remark') ?? '',
    createdAt: address.time('created_at', 'createdAt', 'create_time'),
    updatedAt: address.time('updated_at', 'updatedAt', 'update_time'),
  });
}

export function addressObjectToWire(input: Partial<AddressObjectInput>): Record<string, unknown> {
  return withoutUndefined({
    name: input.name,
    type: input.type,
    value: input.value,
    members: input.members,
    description: input.description,
  });
}

export const addressObjectFormFields = { name: 'name', type: 'type', value: 'value', members: 'members', description: 'description' } as const;

export const addressObjectResource: ResourceSpec<AddressObject, AddressObjectInput> = {
  path: '/objects/addresses',
  activity: { kind: 'addressObject', verbs: { create: 'createAddressObject', update: 'updateAddressObject', remove: 'deleteAddressObject' }, labelField: 'name', addressField: 'value' },
  read: readAddressObject,
  access: 'administer',
  toWire: addressObjectToWire,
  formFieldOf: addressObjectFormFields,
  createdBy: sameName,
  matches: (address, { type }) => type === undefined || address.type === type,
};
