import type { AllowEntry } from '../../../../src-preload/contract/firewall.ts';
import { opsdesk } from '../../../bridge.ts';
import { EditableList } from '../EditableList.tsx';
import type { FirewallSectionProps } from '../sections.ts';

const columns = [
  { title: 'IP', cell: (entry: AllowEntry) => entry.ip },
  { title: 'Description', cell: (entry: AllowEntry) => entry.description },
  { title: 'Created', cell: (entry: AllowEntry) => (entry.createdAt ? new Date(entry.createdAt).toLocaleString() : null) },
];
const fields = [
  { name: 'ip', label: 'IP address or network', placeholder: '198.51.100.0/24' },
  { name: 'description', label: 'Description' },
];

/** Addresses the appliance never blocks. */
export function AllowListSection({ profile }: FirewallSectionProps) {
  return (
    <EditableList<AllowEntry>
      profileId={profile.id}
      noun="allow list entry"
      title="Allow list"
      explanation="Addresses here are never blocked, whatever an alert or rule says."
      columns={columns}
      nameOf={(entry) => entry.ip}
      read={(profileId) => opsdesk.firewall.allowlist({ profileId })}
      fields={fields}
      add={(values) => opsdesk.firewall.addAllow({ profileId: profile.id, ip: values.ip ?? '', description: values.description ?? '' })}
      remove={(entry) => opsdesk.firewall.removeAllow({ profileId: profile.id, entryId: entry.id })}
    />
  );
}
