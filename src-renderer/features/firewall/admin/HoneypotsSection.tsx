import { useState } from 'react';
import type { Permission } from '../../../../src-shared/contract/firewall.ts';
import type { Honeypot, HoneypotEvent, HoneypotInput } from '../../../../src-shared/contract/firewall-admin.ts';
import { honeypotTypes } from '../../../../src-shared/firewall-constants.ts';
import type { ProfileView } from '../../../../src-shared/contract/profiles.ts';
import { ErrorNotice } from '../../../ui/ErrorNotice.tsx';
import { AdminFormDialog } from './AdminFormDialog.tsx';
import { AdminObjectList } from './AdminObjectList.tsx';
import { FormField } from '../../../ui/FormField.tsx';
import { Pager } from './Pager.tsx';
import { ReadOnlyNotice } from './ReadOnlyNotice.tsx';
import { useAdminAccess } from './use-admin-access.ts';
import { useTranslation } from 'react-i18next';
import { adminCalls, useAppliancePage } from './admin-data.ts';
import { addressColumn, numberColumn, textColumn, timeColumn, TIME_WIDTH } from './admin-columns.tsx';
import { SortedPageTable } from './SortedPageTable.tsx';
import { useFormat } from '../../../ui/format.ts';

export function HoneypotsSection({ profile }: { profile: ProfileView }) {
  const { t } = useTranslation();
  const access = useAdminAccess(profile.id);
  if (access.honeypots.state === 'denied') {
    return (
      <section className="admin-section" aria-label={t('firewallAdmin.honeypots.region')}>
        <ReadOnlyNotice profileId={profile.id} permission={access.honeypots} />
      </section>
    );
  }
  return <HoneypotList profile={profile} access={access.administer} />;
}

function HoneypotList({ profile, access }: { profile: ProfileView; access: Permission }) {
  const { t } = useTranslation();
  const format = useFormat();
  const list = useAppliancePage(profile.id, 'honeypots', [], (page) => adminCalls(profile.id).listHoneypots({ page, pageSize: 50 }));
  const [selected, setSelected] = useState<Honeypot | null>(null);

  return (
    <AdminObjectList<Honeypot>
      writeKind="honeypot"
      profileId={profile.id}
      tableId="firewall.honeypots"
      region={t('firewallAdmin.honeypots.region')}
      addLabel={t('firewallAdmin.honeypots.add')}
      access={access}
      list={list}
      columns={[
        textColumn<Honeypot>('name', t('firewallAdmin.honeypots.name'), 160, (honeypot) => honeypot.name, { grow: true }),
        textColumn<Honeypot>('type', t('firewallAdmin.honeypots.type'), 80, (honeypot) => honeypot.type),
        addressColumn<Honeypot>('ip', t('firewallAdmin.honeypots.ip'), 130, (honeypot) => honeypot.ip),
        numberColumn<Honeypot>('port', t('firewallAdmin.honeypots.port'), 70, (honeypot) => honeypot.port, (honeypot) => String(honeypot.port ?? '')),
        textColumn<Honeypot>('enabled', t('firewallAdmin.honeypots.enabled'), 80, (honeypot) => honeypot.enabled, {
          shown: (honeypot) => (honeypot.enabled ? t('firewallAdmin.common.yes') : t('firewallAdmin.common.no')),
        }),
        numberColumn<Honeypot>('triggers', t('firewallAdmin.honeypots.triggers'), 90, (honeypot) => honeypot.triggerCount, (honeypot) =>
          honeypot.triggerCount === undefined ? t('firewallAdmin.common.none') : format.number(honeypot.triggerCount)),
        timeColumn<Honeypot>('lastTriggered', t('firewallAdmin.honeypots.lastTriggered'), TIME_WIDTH, (honeypot) => honeypot.lastTriggeredAt),
      ]}
      actionsWidth={280}
      rowClassName={(honeypot) => (selected?.id === honeypot.id ? 'admin-row-selected' : '')}
      rowActions={(honeypot) => (
        <button type="button" className="button" onClick={() => setSelected(honeypot)} aria-label={`${t('firewallAdmin.honeypots.showEvents')} ${honeypot.name}`}>
          {t('firewallAdmin.honeypots.showEvents')}
        </button>
      )}
      form={(honeypot, done) => <HoneypotForm profileId={profile.id} honeypot={honeypot} {...done} />}
      remove={(honeypot) => adminCalls(profile.id).deleteHoneypot({ id: honeypot.id })}
      onDeleted={(honeypot) => {
        if (selected?.id === honeypot.id) setSelected(null);
      }}
    >
      {selected && <TriggerEvents key={selected.id} profileId={profile.id} honeypot={selected} />}
    </AdminObjectList>
  );
}

function TriggerEvents({ profileId, honeypot }: { profileId: string; honeypot: Honeypot }) {
  const { t } = useTranslation();
  const { query, setPage } = useAppliancePage(profileId, 'honeypotEvents', [honeypot.id], (page) =>
    adminCalls(profileId).listHoneypotEvents({ honeypotId: honeypot.id, page, pageSize: 20 }),
  );
  const title = t('firewallAdmin.honeypots.eventsOf', { name: honeypot.name });
  const page = query.data;
  return (
    <section className="card" aria-label={title}>
      <h2>{title}</h2>
      {query.isError && <ErrorNotice read error={query.error} title={t('firewallAdmin.common.loadFailed')} />}
      {page && page.items.length === 0 && <p className="muted">{t('firewallAdmin.honeypots.noEvents')}</p>}
      {page && page.items.length > 0 && (
        <>
          <SortedPageTable<HoneypotEvent>
            tableId="firewall.honeypotEvents"
            label={title}
            columns={[
              timeColumn<HoneypotEvent>('time', t('firewallAdmin.honeypots.eventTime'), TIME_WIDTH, (event) => event.occurredAt),
              addressColumn<HoneypotEvent>('source', t('firewallAdmin.honeypots.eventSource'), 150, (event) => event.srcIp),
              textColumn<HoneypotEvent>('detail', t('firewallAdmin.honeypots.eventDetail'), 300, (event) => event.detail, { grow: true }),
            ]}
            items={page.items}
            empty={t('firewallAdmin.honeypots.noEvents')}
          />
          <Pager page={page} onPage={setPage} />
        </>
      )}
    </section>
  );
}

interface HoneypotFormProps {
  profileId: string;
  honeypot: Honeypot | undefined;
  onClose(): void;
  onSaved(): void;
}

function HoneypotForm({ profileId, honeypot, onClose, onSaved }: HoneypotFormProps) {
  const { t } = useTranslation();
  const [form, setForm] = useState({
    name: honeypot?.name ?? '',
    type: honeypot?.type ?? 'ssh',
    ip: honeypot?.ip ?? '',
    port: honeypot?.port === undefined ? '' : String(honeypot.port),
    enabled: honeypot?.enabled ?? true,
  });
  const set = (field: 'name' | 'type' | 'ip' | 'port') => (event: { target: { value: string } }) => setForm({ ...form, [field]: event.target.value });

  function send() {
    const input: HoneypotInput = { name: form.name, type: form.type, ip: form.ip.trim(), port: Number(form.port), enabled: form.enabled };
    return honeypot
      ? adminCalls(profileId).updateHoneypot({ id: honeypot.id, honeypot: input })
      : adminCalls(profileId).createHoneypot({ honeypot: input });
  }

  return (
    <AdminFormDialog
      title={honeypot ? t('firewallAdmin.honeypots.editTitle', { name: honeypot.name }) : t('firewallAdmin.honeypots.addTitle')}
      creating={!honeypot}
      send={send}
      onClose={onClose}
      onSaved={onSaved}
    >
      {(fieldError) => (
        <>
          <FormField label={t('firewallAdmin.honeypots.name')} error={fieldError('name')}>
            <input value={form.name} onChange={set('name')} autoFocus />
          </FormField>
          <div className="field-row">
            <FormField label={t('firewallAdmin.honeypots.type')} error={fieldError('type')}>
              <select value={form.type} onChange={set('type')}>
                {honeypotTypes.map((type) => (
                  <option key={type} value={type}>
                    {type}
                  </option>
                ))}
              </select>
            </FormField>
            <FormField label={t('firewallAdmin.honeypots.ip')} error={fieldError('ip')}>
              <input value={form.ip} onChange={set('ip')} />
            </FormField>
            <FormField label={t('firewallAdmin.honeypots.port')} error={fieldError('port')}>
              <input type="number" value={form.port} onChange={set('port')} />
            </FormField>
          </div>
          <label className="admin-checkbox">
            <input type="checkbox" checked={form.enabled} onChange={(event) => setForm({ ...form, enabled: event.target.checked })} />
            {t('firewallAdmin.honeypots.enabled')}
          </label>
        </>
      )}
    </AdminFormDialog>
  );
}
