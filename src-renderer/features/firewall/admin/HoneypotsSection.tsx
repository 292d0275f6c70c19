import { useState } from 'react';
import type { FormEvent } from 'react';
import type { IpcError } from '../../../../src-preload/contract/define.ts';
import type { Honeypot, HoneypotInput } from '../../../../src-preload/contract/firewall-admin.ts';
import { honeypotTypes } from './options.ts';
import type { ProfileView } from '../../../../src-preload/contract/profiles.ts';
import { opsdesk } from '../../../bridge.ts';
import { Dialog } from '../../../ui/Dialog.tsx';
import { ErrorNotice } from '../../../ui/ErrorNotice.tsx';
import { ConfirmDelete } from './ConfirmDelete.tsx';
import { FormField, fieldErrorFor } from './FormField.tsx';
import { localTime } from './format.ts';
import { PagedTable } from './PagedTable.tsx';
import { Pager } from './Pager.tsx';
import { ReadOnlyNotice } from './ReadOnlyNotice.tsx';
import { useAdminAccess } from './use-admin-access.ts';
import { useTranslation } from 'react-i18next';
import { usePagedList } from './use-paged-list.ts';

export function HoneypotsSection({ profile }: { profile: ProfileView }) {
  const { t } = useTranslation();
  const access = useAdminAccess(profile.id);
  if (access.honeypots.state === 'denied') {
    return (
      <section className="admin-section" aria-label={t('firewallAdmin.honeypots.region')}>
        <ReadOnlyNotice permission={access.honeypots} />
      </section>
    );
  }
  return <HoneypotList profile={profile} writable={access.administer.state !== 'denied'} denied={access.administer} />;
}

function HoneypotList({ profile, writable, denied }: { profile: ProfileView; writable: boolean; denied: ReturnType<typeof useAdminAccess>['administer'] }) {
  const { t } = useTranslation();
  const { state, setPage, reload } = usePagedList(profile.id, (page) => opsdesk.firewallAdmin.listHoneypots({ profileId: profile.id, page, pageSize: 50 }));
  const [editing, setEditing] = useState<Honeypot | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Honeypot | null>(null);
  const [selected, setSelected] = useState<Honeypot | null>(null);

  return (
    <section className="admin-section" aria-label={t('firewallAdmin.honeypots.region')}>
      <ReadOnlyNotice permission={denied} />
      <div className="admin-toolbar">
        <button type="button" className="button-primary" disabled={!writable} title={denied.reason} onClick={() => setEditing('new')}>
          {t('firewallAdmin.honeypots.add')}
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
            <th>{t('firewallAdmin.honeypots.name')}</th>
            <th>{t('firewallAdmin.honeypots.type')}</th>
            <th>{t('firewallAdmin.honeypots.ip')}</th>
            <th>{t('firewallAdmin.honeypots.port')}</th>
            <th>{t('firewallAdmin.honeypots.enabled')}</th>
            <th>{t('firewallAdmin.honeypots.triggers')}</th>
            <th>{t('firewallAdmin.honeypots.lastTriggered')}</th>
            <th>{t('firewallAdmin.common.actions')}</th>
          </>
        }
        rows={(items) =>
          items.map((honeypot) => (
            <tr key={honeypot.id} className={selected?.id === honeypot.id ? 'admin-row-selected' : undefined}>
              <td>{honeypot.name}</td>
              <td>{honeypot.type}</td>
              <td>{honeypot.ip}</td>
              <td>{honeypot.port}</td>
              <td>{honeypot.enabled ? t('firewallAdmin.common.yes') : t('firewallAdmin.common.no')}</td>
              <td>{honeypot.triggerCount ?? t('firewallAdmin.common.none')}</td>
              <td>{localTime(honeypot.lastTriggeredAt)}</td>
              <td>
                <span className="admin-actions">
                  <button type="button" className="button" onClick={() => setSelected(honeypot)} aria-label={`${t('firewallAdmin.honeypots.showEvents')} ${honeypot.name}`}>
                    {t('firewallAdmin.honeypots.showEvents')}
                  </button>
                  <button type="button" className="button" disabled={!writable} onClick={() => setEditing(honeypot)} aria-label={`${t('firewallAdmin.common.edit')} ${honeypot.name}`}>
                    {t('firewallAdmin.common.edit')}
                  </button>
                  <button type="button" className="button-danger" disabled={!writable} onClick={() => setDeleting(honeypot)} aria-label={`${t('firewallAdmin.common.delete')} ${honeypot.name}`}>
                    {t('firewallAdmin.common.delete')}
                  </button>
                </span>
              </td>
            </tr>
          ))
        }
      />
      {selected && <TriggerEvents key={selected.id} profileId={profile.id} honeypot={selected} />}
      {editing && (
        <HoneypotForm
          profileId={profile.id}
          honeypot={editing === 'new' ? undefined : editing}
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
          remove={() => opsdesk.firewallAdmin.deleteHoneypot({ profileId: profile.id, id: deleting.id })}
          onClose={() => setDeleting(null)}
          onDeleted={() => {
            if (selected?.id === deleting.id) setSelected(null);
            setDeleting(null);
            reload();
          }}
        />
      )}
    </section>
  );
}

function TriggerEvents({ profileId, honeypot }: { profileId: string; honeypot: Honeypot }) {
  const { t } = useTranslation();
  const { state, setPage } = usePagedList(`${profileId}|${honeypot.id}`, (page) =>
    opsdesk.firewallAdmin.listHoneypotEvents({ profileId, honeypotId: honeypot.id, page, pageSize: 20 }),
  );
  const title = t('firewallAdmin.honeypots.eventsOf', { name: honeypot.name });
  const page = 'page' in state ? state.page : undefined;
  return (
    <section className="card" aria-label={title}>
      <h2>{title}</h2>
      {state.status === 'failed' && <ErrorNotice error={state.error} title={t('firewallAdmin.common.loadFailed')} />}
      {page && page.items.length === 0 && <p className="muted">{t('firewallAdmin.honeypots.noEvents')}</p>}
      {page && page.items.length > 0 && (
        <>
          <div className="admin-table-wrap">
            <table className="admin-table">
              <thead>
                <tr>
                  <th>{t('firewallAdmin.honeypots.eventTime')}</th>
                  <th>{t('firewallAdmin.honeypots.eventSource')}</th>
                  <th>{t('firewallAdmin.honeypots.eventDetail')}</th>
                </tr>
              </thead>
              <tbody>
                {page.items.map((event) => (
                  <tr key={event.id}>
                    <td>{localTime(event.occurredAt)}</td>
                    <td>{event.srcIp}</td>
                    <td>{event.detail}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
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
  const [error, setError] = useState<IpcError | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (field: 'name' | 'type' | 'ip' | 'port') => (event: { target: { value: string } }) => setForm({ ...form, [field]: event.target.value });

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    const input: HoneypotInput = { name: form.name, type: form.type, ip: form.ip.trim(), port: Number(form.port), enabled: form.enabled };
    const result = honeypot
      ? await opsdesk.firewallAdmin.updateHoneypot({ profileId, id: honeypot.id, honeypot: input })
      : await opsdesk.firewallAdmin.createHoneypot({ profileId, honeypot: input });
    setBusy(false);
    if (result.ok) onSaved();
    else setError(result.error);
  }

  const fieldError = (field: string) => fieldErrorFor(error, field);
  return (
    <Dialog title={honeypot ? t('firewallAdmin.honeypots.editTitle', { name: honeypot.name }) : t('firewallAdmin.honeypots.addTitle')} onClose={onClose}>
      <form className="admin-form" onSubmit={(event) => void submit(event)} noValidate>
        {error && !error.fieldErrors?.length && <ErrorNotice error={error} title={t('firewallAdmin.common.failedTitle')} />}
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
        <div className="dialog-actions">
          <button type="button" className="button" onClick={onClose}>
            {t('firewallAdmin.common.cancel')}
          </button>
          <button type="submit" className="button-primary" disabled={busy}>
            {honeypot ? t('firewallAdmin.common.save') : t('firewallAdmin.common.create')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
