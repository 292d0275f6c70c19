import { useState } from 'react';
import type { FormEvent } from 'react';
import type { IpcError } from '../../../../src-preload/contract/define.ts';
import type { Policy, PolicyInput } from '../../../../src-preload/contract/firewall-admin.ts';
import { policyActions } from './options.ts';
import type { ProfileView } from '../../../../src-preload/contract/profiles.ts';
import { opsdesk } from '../../../bridge.ts';
import { Dialog } from '../../../ui/Dialog.tsx';
import { ErrorNotice } from '../../../ui/ErrorNotice.tsx';
import { ConfirmDelete } from './ConfirmDelete.tsx';
import { FormField, fieldErrorFor } from './FormField.tsx';
import { joinList, optionalNumber, splitList } from './format.ts';
import { PagedTable } from './PagedTable.tsx';
import { ReadOnlyNotice } from './ReadOnlyNotice.tsx';
import { useAdminAccess } from './use-admin-access.ts';
import { useTranslation } from 'react-i18next';
import { usePagedList } from './use-paged-list.ts';

const actionLabel = { allow: 'firewallAdmin.policies.actionAllow', deny: 'firewallAdmin.policies.actionDeny', reject: 'firewallAdmin.policies.actionReject' } as const;

export function PoliciesSection({ profile }: { profile: ProfileView }) {
  const { t, i18n } = useTranslation();
  const access = useAdminAccess(profile.id);
  const { state, setPage, reload } = usePagedList(profile.id, (page) => opsdesk.firewallAdmin.listPolicies({ profileId: profile.id, page, pageSize: 50 }));
  const [editing, setEditing] = useState<Policy | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Policy | null>(null);
  const writable = access.administer.state !== 'denied';

  return (
    <section className="admin-section" aria-label={t('firewallAdmin.policies.region')}>
      <ReadOnlyNotice permission={access.administer} />
      <div className="admin-toolbar">
        <button type="button" className="button-primary" disabled={!writable} title={access.administer.reason} onClick={() => setEditing('new')}>
          {t('firewallAdmin.policies.add')}
        </button>
        <button type="button" className="button" onClick={reload}>
          {t('firewallAdmin.common.refresh')}
        </button>
      </div>
      <PagedTable
        state={state}
        onPage={setPage}
        head={
          <>
            <th>{t('firewallAdmin.policies.priority')}</th>
            <th>{t('firewallAdmin.policies.name')}</th>
            <th>{t('firewallAdmin.policies.action')}</th>
            <th>{t('firewallAdmin.policies.enabled')}</th>
            <th>{t('firewallAdmin.policies.source')}</th>
            <th>{t('firewallAdmin.policies.destination')}</th>
            <th>{t('firewallAdmin.policies.service')}</th>
            <th>{t('firewallAdmin.policies.hits')}</th>
            <th>{t('firewallAdmin.common.actions')}</th>
          </>
        }
        rows={(items) =>
          items.map((policy) => (
            <tr key={policy.id}>
              <td>{policy.priority ?? t('firewallAdmin.common.none')}</td>
              <td>{policy.name}</td>
              <td>{policy.action in actionLabel ? t(actionLabel[policy.action as keyof typeof actionLabel]) : policy.action}</td>
              <td>{policy.enabled ? t('firewallAdmin.common.yes') : t('firewallAdmin.common.no')}</td>
              <td>{joinList(policy.source)}</td>
              <td>{joinList(policy.destination)}</td>
              <td>{joinList(policy.service)}</td>
              <td>{policy.hitCount === undefined ? t('firewallAdmin.common.none') : policy.hitCount.toLocaleString(i18n.language)}</td>
              <td>
                <span className="admin-actions">
                  <button type="button" className="button" disabled={!writable} onClick={() => setEditing(policy)} aria-label={`${t('firewallAdmin.common.edit')} ${policy.name}`}>
                    {t('firewallAdmin.common.edit')}
                  </button>
                  <button type="button" className="button-danger" disabled={!writable} onClick={() => setDeleting(policy)} aria-label={`${t('firewallAdmin.common.delete')} ${policy.name}`}>
                    {t('firewallAdmin.common.delete')}
                  </button>
                </span>
              </td>
            </tr>
          ))
        }
      />
      {editing && (
        <PolicyForm
          profileId={profile.id}
          policy={editing === 'new' ? undefined : editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            reload();
          }}
        />
      )}
      {deleting && (
        <ConfirmDelete
          name={deleting.name}
          remove={() => opsdesk.firewallAdmin.deletePolicy({ profileId: profile.id, id: deleting.id })}
          onClose={() => setDeleting(null)}
          onDeleted={() => {
            setDeleting(null);
            reload();
          }}
        />
      )}
    </section>
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
  const [error, setError] = useState<IpcError | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (field: keyof typeof form) => (event: { target: { value: string } }) => setForm({ ...form, [field]: event.target.value });
  const listOrAny = (text: string) => {
    const words = splitList(text);
    return words.length > 0 ? words : ['any'];
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
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
    const result = policy
      ? await opsdesk.firewallAdmin.updatePolicy({ profileId, id: policy.id, policy: input })
      : await opsdesk.firewallAdmin.createPolicy({ profileId, policy: input });
    setBusy(false);
    if (result.ok) onSaved();
    else setError(result.error);
  }

  const fieldError = (field: string) => fieldErrorFor(error, field);
  return (
    <Dialog title={policy ? t('firewallAdmin.policies.editTitle', { name: policy.name }) : t('firewallAdmin.policies.addTitle')} onClose={onClose} wide>
      <form className="admin-form" onSubmit={(event) => void submit(event)} noValidate>
        {error && !error.fieldErrors?.length && <ErrorNotice error={error} title={t('firewallAdmin.common.failedTitle')} />}
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
        <div className="dialog-actions">
          <button type="button" className="button" onClick={onClose}>
            {t('firewallAdmin.common.cancel')}
          </button>
          <button type="submit" className="button-primary" disabled={busy}>
            {policy ? t('firewallAdmin.common.save') : t('firewallAdmin.common.create')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
