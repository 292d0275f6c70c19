import { useTranslation } from 'react-i18next';
import type { AllowEntry } from '../../../../src-shared/contract/firewall.ts';
import { EditableList } from '../EditableList.tsx';
import { useAllowlist, useFirewallWrites } from '../firewall-data.ts';
import type { FirewallSectionProps } from '../section.ts';

/** Addresses the appliance never blocks. */
export function AllowListSection({ profile }: FirewallSectionProps) {
  const { t } = useTranslation();
  const list = useAllowlist(profile.id);
  const writes = useFirewallWrites(profile.id);
  return (
    <EditableList<AllowEntry>
      profileId={profile.id}
      words={{
        title: t('firewall.allowlist.title'),
        noun: t('firewall.allowlist.noun'),
        listName: t('firewall.allowlist.listName'),
        explanation: t('firewall.allowlist.explanation'),
      }}
      ownColumns={[{ title: t('firewall.allowlist.columns.ip'), cell: (entry) => entry.ip }]}
      ownFields={[{ name: 'ip', label: t('firewall.allowlist.fields.ip'), placeholder: t('firewall.allowlist.fields.ipPlaceholder') }]}
      nameOf={(entry) => entry.ip}
      list={list}
      writeKind="allowEntry"
      add={(values) => writes.addAllow({ ip: values.ip ?? '', description: values.description ?? '' })}
      remove={(entry) => writes.removeAllow(entry.id)}
    />
  );
}
