import { useTranslation } from 'react-i18next';
import type { DomainRule } from '../../../../src-shared/contract/firewall.ts';
import { EditableList } from '../EditableList.tsx';
import { useDomainRules, useFirewallWrites } from '../firewall-data.ts';
import type { FirewallSectionProps } from '../section.ts';

const ruleActions = ['block', 'allow'] as const;
/** An action the appliance named in its own words is shown as it sent it. */
const isRuleAction = (action: string | null): action is (typeof ruleActions)[number] => (ruleActions as readonly (string | null)[]).includes(action);

/** Domains the appliance blocks or lets through by name. */
export function DomainRulesSection({ profile }: FirewallSectionProps) {
  const { t } = useTranslation();
  const list = useDomainRules(profile.id);
  const writes = useFirewallWrites(profile.id);
  return (
    <EditableList<DomainRule>
      profileId={profile.id}
      words={{
        title: t('firewall.domains.title'),
        noun: t('firewall.domains.noun'),
        listName: t('firewall.domains.listName'),
        explanation: t('firewall.domains.explanation'),
      }}
      ownColumns={[
        { title: t('firewall.domains.columns.domain'), cell: (rule) => rule.domain },
        { title: t('firewall.domains.columns.action'), cell: (rule) => (isRuleAction(rule.action) ? t(`firewall.domains.actions.${rule.action}`) : rule.action) },
      ]}
      ownFields={[
        { name: 'domain', label: t('firewall.domains.fields.domain'), placeholder: t('firewall.domains.fields.domainPlaceholder') },
        { name: 'action', label: t('firewall.domains.fields.action'), options: ruleActions.map((value) => ({ value, label: t(`firewall.domains.actions.${value}`) })) },
      ]}
      nameOf={(rule) => rule.domain}
      list={list}
      writeKind="domainRule"
      add={(values) => writes.addDomainRule({ domain: values.domain ?? '', action: values.action === 'allow' ? 'allow' : 'block', description: values.description ?? '' })}
      remove={(rule) => writes.removeDomainRule(rule.id)}
    />
  );
}
