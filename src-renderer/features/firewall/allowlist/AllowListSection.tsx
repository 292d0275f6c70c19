import type { AllowEntry } from '../../../../src-preload/contract/firewall.ts';
import { opsdesk } from '../../../bridge.ts';
import { EditableList } from '../EditableList.tsx';
import type { FirewallSectionProps } from '../section.ts';
import { useCatalogSection } from '../../../ui/use-catalog-section.ts';

/** Addresses the appliance never blocks. */
export function AllowListSection({ profile }: FirewallSectionProps) {
  const s = useCatalogSection('firewall').allowlist;
  return (
    <EditableList<AllowEntry>
      profileId={profile.id}
      words={s}
      ownColumns={[{ title: s.columns.ip, cell: (entry) => entry.ip }]}
      ownFields={[{ name: 'ip', label: s.fields.ip, placeholder: s.fields.ipPlaceholder }]}
      nameOf={(entry) => entry.ip}
      read={(profileId) => opsdesk.firewall.allowlist({ profileId })}
      add={(values) => opsdesk.firewall.addAllow({ profileId: profile.id, ip: values.ip ?? '', description: values.description ?? '' })}
      remove={(entry) => opsdesk.firewall.removeAllow({ profileId: profile.id, entryId: entry.id })}
    />
  );
}
