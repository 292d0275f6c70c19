import type { DomainRule } from '../../../../src-preload/contract/firewall.ts';
import { opsdesk } from '../../../bridge.ts';
import { EditableList } from '../EditableList.tsx';
import type { FirewallSectionProps } from '../sections.ts';

const columns = [
  { title: 'Domain', cell: (rule: DomainRule) => rule.domain },
  { title: 'Action', cell: (rule: DomainRule) => rule.action },
  { title: 'Description', cell: (rule: DomainRule) => rule.description },
  { title: 'Created', cell: (rule: DomainRule) => (rule.createdAt ? new Date(rule.createdAt).toLocaleString() : null) },
];
const fields = [
  { name: 'domain', label: 'Domain', placeholder: 'tracker.example.com' },
  {
    name: 'action',
    label: 'Action',
    options: [
      { value: 'block', label: 'Block' },
      { value: 'allow', label: 'Allow' },
    ],
  },
  { name: 'description', label: 'Description' },
];

/** Domains the appliance blocks or lets through by name. */
export function DomainRulesSection({ profile }: FirewallSectionProps) {
  return (
    <EditableList<DomainRule>
      profileId={profile.id}
      noun="domain rule"
      title="Domain rules"
      explanation="Block or allow traffic to a domain by its name."
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
