import type { DomainRule } from '../../../../src-preload/contract/firewall.ts';
import { opsdesk } from '../../../bridge.ts';
import { EditableList } from '../EditableList.tsx';
import type { FirewallSectionProps } from '../section.ts';
import { useCatalogSection } from '../../../ui/use-catalog-section.ts';

/** Domains the appliance blocks or lets through by name. */
export function DomainRulesSection({ profile }: FirewallSectionProps) {
  const s = useCatalogSection('firewall').domains;
  const actions = [
    { value: 'block', label: s.actions.block },
    { value: 'allow', label: s.actions.allow },
  ];
  return (
    <EditableList<DomainRule>
      profileId={profile.id}
      words={s}
      ownColumns={[
        { title: s.columns.domain, cell: (rule) => rule.domain },
        { title: s.columns.action, cell: (rule) => rule.action },
      ]}
      ownFields={[
        { name: 'domain', label: s.fields.domain, placeholder: s.fields.domainPlaceholder },
        { name: 'action', label: s.fields.action, options: actions },
      ]}
      nameOf={(rule) => rule.domain}
      read={(profileId) => opsdesk.firewall.domainRules({ profileId })}
      add={(values) => opsdesk.firewall.addDomainRule({ profileId: profile.id, domain: values.domain ?? '', action: values.action === 'allow' ? 'allow' : 'block', description: values.description ?? '' })}
      remove={(rule) => opsdesk.firewall.removeDomainRule({ profileId: profile.id, ruleId: rule.id })}
    />
  );
}
