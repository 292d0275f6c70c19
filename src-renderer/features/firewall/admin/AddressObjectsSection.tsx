import { useState } from 'react';
import type { FormEvent } from 'react';
import type { IpcError } from '../../../../src-preload/contract/define.ts';
import type { AddressObject, AddressObjectInput } from '../../../../src-preload/contract/firewall-admin.ts';
import { addressObjectTypes } from './options.ts';
import type { ProfileView } from '../../../../src-preload/contract/profiles.ts';
import { opsdesk } from '../../../bridge.ts';
import { Dialog } from '../../../ui/Dialog.tsx';
import { ErrorNotice } from '../../../ui/ErrorNotice.tsx';
import { ConfirmDelete } from './ConfirmDelete.tsx';
import { FormField, fieldErrorFor } from './FormField.tsx';
import { joinList, splitList } from './format.ts';
import { PagedTable } from './PagedTable.tsx';
import { ReadOnlyNotice } from './ReadOnlyNotice.tsx';
import { useAdminAccess } from './use-admin-access.ts';
import { useTranslation } from 'react-i18next';
import { usePagedList } from './use-paged-list.ts';

type AddressType = (typeof addressObjectTypes)[number];

export function AddressObjectsSection({ profile }: { profile: ProfileView }) {
  const { t } = useTranslation();
  const access = useAdminAccess(profile.id);
  const [type, setType] = useState<AddressType | ''>('');
  const { state, setPage, reload } = usePagedList(`${profile.id}|${type}`, (page) =>
    opsdesk.firewallAdmin.listAddressObjects({ profileId: profile.id, page, pageSize: 50, ...(type && { type }) }),
  );
  const [editing, setEditing] = useState<AddressObject | 'new' | null>(null);
  const [deleting, setDeleting] = useState<AddressObject | null>(null);
  const writable = access.administer.state !== 'denied';

  return (
    <section className="admin-section" aria-label={t('firewallAdmin.addressObjects.region')}>
      <ReadOnlyNotice permission={access.administer} />
      <div className="admin-toolbar">
        <button type="button" className="button-primary" disabled={!writable} title={access.administer.reason} onClick={() => setEditing('new')}>
          {t('firewallAdmin.addressObjects.add')}
        </button>
        <button type="button" className="button" onClick={reload}>
          {t('firewallAdmin.common.refresh')}
        </button>
        <span className="spacer" />
        <label className="admin-checkbox">
          {t('firewallAdmin.addressObjects.typeFilter')}
          <select value={type} onChange={(event) => setType(event.target.value as AddressType | '')}>
            <option value="">{t('firewallAdmin.addressObjects.allTypes')}</option>
            {addressObjectTypes.map((candidate) => (
              <option key={candidate} value={candidate}>
                {candidate}
              </option>
            ))}
          </select>
        </label>
      </div>
      <PagedTable
        state={state}
        onPage={setPage}
        head={
          <>
            <th>{t('firewallAdmin.addressObjects.name')}</th>
            <th>{t('firewallAdmin.addressObjects.type')}</th>
            <th>{t('firewallAdmin.addressObjects.value')}</th>
            <th>{t('firewallAdmin.addressObjects.members')}</th>
            <th>{t('firewallAdmin.addressObjects.description')}</th>
            <th>{t('firewallAdmin.common.actions')}</th>
          </>
        }
        rows={(items) =>
          items.map((address) => (
            <tr key={address.id}>
              <td>{address.name}</td>
              <td>{address.type}</td>
              <td>{address.value ?? t('firewallAdmin.common.none')}</td>
              <td>{joinList(address.members)}</td>
              <td>{address.description}</td>
              <td>
                <span className="admin-actions">
                  <button type="button" className="button" disabled={!writable} onClick={() => setEditing(address)} aria-label={`${t('firewallAdmin.common.edit')} ${address.name}`}>
                    {t('firewallAdmin.common.edit')}
                  </button>
                  <button type="button" className="button-danger" disabled={!writable} onClick={() => setDeleting(address)} aria-label={`${t('firewallAdmin.common.delete')} ${address.name}`}>
                    {t('firewallAdmin.common.delete')}
                  </button>
                </span>
              </td>
            </tr>
          ))
        }
      />
      {editing && (
        <AddressObjectForm
          profileId={profile.id}
          address={editing === 'new' ? undefined : editing}
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
          remove={() => opsdesk.firewallAdmin.deleteAddressObject({ profileId: profile.id, id: deleting.id })}
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

interface AddressObjectFormProps {
  profileId: string;
  address: AddressObject | undefined;
  onClose(): void;
  onSaved(): void;
}

function AddressObjectForm({ profileId, address, onClose, onSaved }: AddressObjectFormProps) {
  const { t } = useTranslation();
  const [form, setForm] = useState({
    name: address?.name ?? '',
    type: address?.type ?? 'host',
    value: address?.value ?? '',
    members: joinList(address?.members ?? []),
    description: address?.description ?? '',
  });
  const [error, setError] = useState<IpcError | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (field: keyof typeof form) => (event: { target: { value: string } }) => setForm({ ...form, [field]: event.target.value });
  const isGroup = form.type === 'group';

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    const input: AddressObjectInput = {
      name: form.name,
      type: form.type,
      description: form.description,
      ...(isGroup ? { members: splitList(form.members) } : { value: form.value.trim() }),
    };
    const result = address
      ? await opsdesk.firewallAdmin.updateAddressObject({ profileId, id: address.id, addressObject: input })
      : await opsdesk.firewallAdmin.createAddressObject({ profileId, addressObject: input });
    setBusy(false);
    if (result.ok) onSaved();
    else setError(result.error);
  }

  const fieldError = (field: string) => fieldErrorFor(error, field);
  return (
    <Dialog title={address ? t('firewallAdmin.addressObjects.editTitle', { name: address.name }) : t('firewallAdmin.addressObjects.addTitle')} onClose={onClose}>
      <form className="admin-form" onSubmit={(event) => void submit(event)} noValidate>
        {error && !error.fieldErrors?.length && <ErrorNotice error={error} title={t('firewallAdmin.common.failedTitle')} />}
        <FormField label={t('firewallAdmin.addressObjects.name')} error={fieldError('name')}>
          <input value={form.name} onChange={set('name')} autoFocus />
        </FormField>
        <FormField label={t('firewallAdmin.addressObjects.type')} error={fieldError('type')}>
          <select value={form.type} onChange={set('type')}>
            {addressObjectTypes.map((type) => (
              <option key={type} value={type}>
                {type}
              </option>
            ))}
          </select>
        </FormField>
        {isGroup ? (
          <FormField label={t('firewallAdmin.addressObjects.members')} error={fieldError('members')} help={t('firewallAdmin.addressObjects.membersHelp')}>
            <input value={form.members} onChange={set('members')} />
          </FormField>
        ) : (
          <FormField label={t('firewallAdmin.addressObjects.value')} error={fieldError('value')} help={t('firewallAdmin.addressObjects.valueHelp')}>
            <input value={form.value} onChange={set('value')} />
          </FormField>
        )}
        <FormField label={t('firewallAdmin.addressObjects.description')} error={fieldError('description')}>
          <input value={form.description} onChange={set('description')} />
        </FormField>
        <div className="dialog-actions">
          <button type="button" className="button" onClick={onClose}>
            {t('firewallAdmin.common.cancel')}
          </button>
          <button type="submit" className="button-primary" disabled={busy}>
            {address ? t('firewallAdmin.common.save') : t('firewallAdmin.common.create')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
