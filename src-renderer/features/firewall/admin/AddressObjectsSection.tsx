import { useState } from 'react';
import type { AddressObject, AddressObjectInput } from '../../../../src-shared/contract/firewall-admin.ts';
import { addressObjectTypes } from '../../../../src-shared/firewall-constants.ts';
import type { ProfileView } from '../../../../src-shared/contract/profiles.ts';
import { AdminFormDialog } from './AdminFormDialog.tsx';
import { AdminObjectList } from './AdminObjectList.tsx';
import { FormField } from '../../../ui/FormField.tsx';
import { joinList, splitList } from './format.ts';
import { addressColumn, textColumn } from './admin-columns.tsx';
import { useAdminAccess } from './use-admin-access.ts';
import { useTranslation } from 'react-i18next';
import { adminCalls, useAppliancePage } from './admin-data.ts';
import { useKeptFilter } from '../../../ui/view-filters-store.ts';

type AddressType = (typeof addressObjectTypes)[number];

export function AddressObjectsSection({ profile }: { profile: ProfileView }) {
  const { t } = useTranslation();
  const access = useAdminAccess(profile.id);
  const [{ type }, keepFilter] = useKeptFilter(profile.id, 'firewall.addressObjects', { type: '' as AddressType | '' }, { type: ['', ...addressObjectTypes] });
  const list = useAppliancePage(profile.id, 'addressObjects', [type], (page) =>
    adminCalls(profile.id).listAddressObjects({ page, pageSize: 50, ...(type && { type }) }),
  );

  return (
    <AdminObjectList<AddressObject>
      writeKind="addressObject"
      profileId={profile.id}
      tableId="firewall.addressObjects"
      region={t('firewallAdmin.addressObjects.region')}
      addLabel={t('firewallAdmin.addressObjects.add')}
      access={access.administer}
      list={list}
      toolbar={
        <>
          <span className="spacer" />
          <label className="admin-checkbox">
            {t('firewallAdmin.addressObjects.typeFilter')}
            <select value={type} onChange={(event) => keepFilter({ type: event.target.value as AddressType | '' })}>
              <option value="">{t('firewallAdmin.addressObjects.allTypes')}</option>
              {addressObjectTypes.map((candidate) => (
                <option key={candidate} value={candidate}>
                  {candidate}
                </option>
              ))}
            </select>
          </label>
        </>
      }
      columns={[
        textColumn<AddressObject>('name', t('firewallAdmin.addressObjects.name'), 180, (address) => address.name),
        textColumn<AddressObject>('type', t('firewallAdmin.addressObjects.type'), 90, (address) => address.type),
        addressColumn<AddressObject>('value', t('firewallAdmin.addressObjects.value'), 200, (address) => address.value, {
          shown: (address) => address.value ?? t('firewallAdmin.common.none'),
        }),
        textColumn<AddressObject>('members', t('firewallAdmin.addressObjects.members'), 200, (address) => joinList(address.members)),
        textColumn<AddressObject>('description', t('firewallAdmin.addressObjects.description'), 200, (address) => address.description, { grow: true }),
      ]}
      form={(address, done) => <AddressObjectForm profileId={profile.id} address={address} {...done} />}
      remove={(address) => adminCalls(profile.id).deleteAddressObject({ id: address.id })}
    />
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
  const set = (field: keyof typeof form) => (event: { target: { value: string } }) => setForm({ ...form, [field]: event.target.value });
  const isGroup = form.type === 'group';

  function send() {
    const input: AddressObjectInput = {
      name: form.name,
      type: form.type,
      description: form.description,
      ...(isGroup ? { members: splitList(form.members) } : { value: form.value.trim() }),
    };
    return address
      ? adminCalls(profileId).updateAddressObject({ id: address.id, addressObject: input })
      : adminCalls(profileId).createAddressObject({ addressObject: input });
  }

  return (
    <AdminFormDialog
      title={address ? t('firewallAdmin.addressObjects.editTitle', { name: address.name }) : t('firewallAdmin.addressObjects.addTitle')}
      creating={!address}
      send={send}
      onClose={onClose}
      onSaved={onSaved}
    >
      {(fieldError) => (
        <>
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
        </>
      )}
    </AdminFormDialog>
  );
}
