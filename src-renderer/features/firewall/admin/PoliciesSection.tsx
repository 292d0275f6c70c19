import { useState } from 'react';
import type { Policy, PolicyInput } from '../../../../src-shared/contract/firewall-admin.ts';
import { policyActions } from '../../../../src-shared/firewall-constants.ts';
import type { ProfileView } from '../../../../src-shared/contract/profiles.ts';
import { AdminFormDialog } from './AdminFormDialog.tsx';
import { AdminObjectList } from './AdminObjectList.tsx';
import { FormField } from '../../../ui/FormField.tsx';
import { joinList, optionalNumber, splitList } from './format.ts';
import { addressColumn, numberColumn, textColumn } from './admin-columns.tsx';
import { useAdminAccess } from './use-admin-access.ts';
import { useTranslation } from 'react-i18next';
import { adminCalls, useAppliancePage } from './admin-data.ts';
import { useFormat } from '../../../ui/format.ts';

const actionLabel = { allow: 'firewallAdmin.policies.actionAllow', deny: 'firewallAdmin.policies.actionDeny', reject: 'firewallAdmin.policies.actionReject' } as const;

export function PoliciesSection({ profile }: { profile: ProfileView }) {
  const { t } = useTranslation();
  const format = useFormat();
  const access = useAdminAccess(profile.id);
  const list = useAppliancePage(profile.id, 'policies', [], (page) => adminCalls(profile.id).listPolicies({ page, pageSize: 50 }));

  return (
    <AdminObjectList<Policy>
      writeKind="policy"
      profileId={profile.id}
      tableId="firewall.policies"
      region={t('firewallAdmin.policies.region')}
      addLabel={t('firewallAdmin.policies.add')}
      access={access.administer}
      list={list}
      columns={[
        numberColumn<Policy>('priority', t('firewallAdmin.policies.priority'), 80, (policy) => policy.priority, (policy) =>
          policy.priority === undefined ? t('firewallAdmin.common.none') : format.number(policy.priority)),
        textColumn<Policy>('name', t('firewallAdmin.policies.name'), 180, (policy) => policy.name, { grow: true }),
        textColumn<Policy>('action', t('firewallAdmin.policies.action'), 90, (policy) => policy.action, {
          shown: (policy) => (policy.action in actionLabel ? t(actionLabel[policy.action as keyof typeof actionLabel]) : policy.action),
        }),
        textColumn<Policy>('enabled', t('firewallAdmin.policies.enabled'), 80, (policy) => policy.enabled, {
          shown: (policy) => (policy.enabled ? t('firewallAdmin.common.yes') : t('firewallAdmin.common.no')),
        }),
        addressColumn<Policy>('source', t('firewallAdmin.policies.source'), 170, (policy) => joinList(policy.source)),
        addressColumn<Policy>('destination', t('firewallAdmin.policies.destination'), 170, (policy) => joinList(policy.destination)),
        textColumn<Policy>('service', t('firewallAdmin.policies.service'), 120, (policy) => joinList(policy.service)),
        numberColumn<Policy>('hits', t('firewallAdmin.policies.hits'), 100, (policy) => policy.hitCount, (policy) =>
          policy.hitCount === undefined ? t('firewallAdmin.common.none') : format.number(policy.hitCount)),
      ]}
      form={(policy, done) => <PolicyForm profileId={profile.id} policy={policy} {...done} />}
      remove={(policy) => adminCalls(profile.id).deletePolicy({ id: policy.id })}
    />
  );
}

interface PolicyFormProps {
  profileId: string;
  policy: Policy | undefined;
  onClose(): void;
  onSaved(): void;
}

function PolicyForm({ profileId, policy, onClose, onSaved }: PolicyFormProps) {
  const { t } = useTranslation();
  const [form, setForm] = useState({
    name: policy?.name ?? '',
    action: policy?.action ?? 'allow',
    enabled: policy?.enabled ?? true,
    source: joinList(policy?.source ?? []),
    destination: joinList(policy?.destination ?? []),
    service: joinList(policy?.service ?? []),
    priority: policy?.priority === undefined ? '' : String(policy.priority),
    description: policy?.description ?? '',
  });
  const set = (field: keyof typeof form) => (event: { target: { value: string } }) => setForm({ ...form, [field]: event.target.value });
  const listOrAny = (text: string) => {
    const words = splitList(text);
    return words.length > 0 ? words : ['any'];
  };

  function send() {
    const input: PolicyInput = {
      name: form.name,
      action: form.action,
      enabled: form.enabled,
      source: listOrAny(form.source),
      destination: listOrAny(form.destination),
      service: listOrAny(form.service),
      description: form.description,
      ...(optionalNumber(form.priority) !== undefined && { priority: optionalNumber(form.priority) }),
    };
    return policy
      ? adminCalls(profileId).updatePolicy({ id: policy.id, policy: input })
      : adminCalls(profileId).createPolicy({ policy: input });
  }

  return (
    <AdminFormDialog
      title={policy ? t('firewallAdmin.policies.editTitle', { name: policy.name }) : t('firewallAdmin.policies.addTitle')}
      wide
      creating={!policy}
      send={send}
      onClose={onClose}
      onSaved={onSaved}
    >
      {(fieldError) => (
        <>
          <div className="field-row">
            <FormField label={t('firewallAdmin.policies.name')} error={fieldError('name')}>
              <input value={form.name} onChange={set('name')} autoFocus />
            </FormField>
            <FormField label={t('firewallAdmin.policies.action')} error={fieldError('action')}>
              <select value={form.action} onChange={set('action')}>
                {policyActions.map((action) => (
                  <option key={action} value={action}>
                    {t(actionLabel[action])}
                  </option>
                ))}
              </select>
            </FormField>
            <FormField label={t('firewallAdmin.policies.priority')} error={fieldError('priority')} help={t('firewallAdmin.policies.priorityHelp')}>
              <input type="number" value={form.priority} onChange={set('priority')} />
            </FormField>
          </div>
          <div className="field-row">
            <FormField label={t('firewallAdmin.policies.source')} error={fieldError('source')} help={t('firewallAdmin.policies.listHelp')}>
              <input value={form.source} onChange={set('source')} />
            </FormField>
            <FormField label={t('firewallAdmin.policies.destination')} error={fieldError('destination')}>
              <input value={form.destination} onChange={set('destination')} />
            </FormField>
            <FormField label={t('firewallAdmin.policies.service')} error={fieldError('service')}>
              <input value={form.service} onChange={set('service')} />
            </FormField>
          </div>
          <FormField label={t('firewallAdmin.policies.description')} error={fieldError('description')}>
            <input value={form.description} onChange={set('description')} />
          </FormField>
          <label className="admin-checkbox">
            <input type="checkbox" checked={form.enabled} onChange={(event) => setForm({ ...form, enabled: event.target.checked })} />
            {t('firewallAdmin.policies.enabled')}
          </label>
        </>
      )}
    </AdminFormDialog>
  );
}
