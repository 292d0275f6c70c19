import type { AllowEntry } from '../../../../src-preload/contract/firewall.ts';
import { opsdesk } from '../../../bridge.ts';
import { EditableList } from '../EditableList.tsx';
import type { FirewallSectionProps } from '../sections.ts';
import { useCatalogSection } from '../../../ui/use-catalog-section.ts';

/** Addresses the appliance never blocks. */
export function AllowListSection({ profile }: FirewallSectionProps) {
  const firewallStrings = useCatalogSection('firewall');
  const s = firewallStrings.allowlist;
  const columns = [
    { title: s.columns.ip, cell: (entry: AllowEntry) => entry.ip },
    { title: firewallStrings.list.description, cell: (entry: AllowEntry) => entry.description },
    { title: firewallStrings.list.created, cell: (entry: AllowEntry) => (entry.createdAt ? new Date(entry.createdAt).toLocaleString() : null) },
  ];
  const fields = [
    { name: 'ip', label: s.fields.ip, placeholder: s.fields.ipPlaceholder },
    { name: 'description', label: firewallStrings.list.description },
  ];
  return (
    <EditableList<AllowEntry>
      profileId={profile.id}
      noun={s.noun}
      title={s.title}
      explanation={s.explanation}
      columns={columns}
      nameOf={(entry) => entry.ip}
      read={(profileId) => opsdesk.firewall.allowlist({ profileId })}
      fields={fields}
      add={(values) => opsdesk.firewall.addAllow({ profileId: profile.id, ip: values.ip ?? '', description: values.description ?? '' })}
      remove={(entry) => opsdesk.firewall.removeAllow({ profileId: profile.id, entryId: entry.id })}
    />
  );
}
