// A device (asset) on the wire (docs/api-assumptions.md, "devices, honeypots, trigger events").
import type { Device } from '../../../../src-shared/contract/firewall-admin.ts';
import { withoutUndefined } from '../../without-undefined.ts';
import type { Fields } from '../../wire/read.ts';
import type { ResourceSpec } from '../appliance-resource.ts';

export function readDevice(device: Fields): Device | undefined {
  const id = device.id('id', 'device_id', 'uuid');
  if (id === undefined) return undefined;
  return withoutUndefined({
    id,
    name: device.string('name', 'hostname', 'host_name'),
    ip: device.string('ip', 'ip_address', 'address'),
    mac: device.string('mac', 'mac_address'),
    vendor: device.string('vendor', 'manufacturer'),
    os: device.string('os', 'operating_system'),
    type: device.string('type', 'category', 'kind'),
    online: device.boolean('online', 'is_online', 'status'),
    firstSeen: device.time('first_seen', 'firstSeen', 'discovered_at'),
    lastSeen: device.time('last_seen', 'lastSeen', 'seen_at'),
  });
}

/** The window's filters: words in the name, address, MAC or vendor; online only. */
function matchesDevice(device: Device, { q, online }: { q?: unknown; online?: unknown }): boolean {
  const words = typeof q === 'string' ? q.toLowerCase() : '';
  const text = [device.name, device.ip, device.mac, device.vendor].filter((part) => part !== undefined).join(' ').toLowerCase();
  return (online === undefined || device.online === online) && (words === '' || text.includes(words));
}

/** Devices are only read: the appliance finds them itself. */
export const deviceResource: ResourceSpec<Device, never> = {
  path: '/devices',
  activity: { kind: 'device', verbs: {}, labelField: 'name', addressField: 'ip' },
  read: readDevice,
  access: 'administer',
  toWire: () => ({}),
  formFieldOf: {},
  matches: matchesDevice,
};
