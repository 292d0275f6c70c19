import type { DomainRule } from '../../../../src-preload/contract/firewall.ts';
import { opsdesk } from '../../../bridge.ts';
import { EditableList } from '../EditableList.tsx';
import type { FirewallSectionProps } from '../sections.ts';
import { useCatalogSection } from '../../../ui/use-catalog-section.ts';

/** Domains the appliance blocks or lets through by name. */
export function DomainRulesSection({ profile }: FirewallSectionProps) {
  const firewallStrings = useCatalogSection('firewall');
  const s = firewallStrings.domains;
  const columns = [
    { title: s.columns.domain, cell: (rule: DomainRule) => rule.domain },
    { title: s.columns.action, cell: (rule: DomainRule) => rule.action },
    { title: firewallStrings.list.description, cell: (rule: DomainRule) => rule.description },
    { title: firewallStrings.list.created, cell: (rule: DomainRule) => (rule.createdAt ? new Date(rule.createdAt).toLocaleString() : null) },
  ];
  const fields = [
    { name: 'domain', label: s.fields.domain, placeholder: s.fields.domainPlaceholder },
    {
      name: 'action',
      label: s.fields.action,
      options: [
        { value: 'block', label: s.actions.block },
        { value: 'allow', label: s.actions.allow },
      ],
    },
    { name: 'description', label: firewallStrings.list.description },
  ];
  return (
    <EditableList<DomainRule>
      profileId={profile.id}
      noun={s.noun}
      title={s.title}
      explanation={s.explanation}
      columns={columns}
      nameOf={(rule) => rule.domain}
      read={(profileId) => opsdesk.firewall.domainRules({ profileId })}
      fields={fields}
      add={(values) =>
        opsdesk.firewall.addDomainRule({
          profileId: profile.id,
          domain: values.domain ?? '',
          action: values.action === 'allow' ? 'allow' : 'block',
          description: values.description ?? '',
        })
      }
      remove={(rule) => opsdesk.firewall.removeDomainRule({ profileId: profile.id, ruleId: rule.id })}
    />
  );
}
