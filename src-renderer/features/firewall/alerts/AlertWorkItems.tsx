import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { IpcError } from '../../../../src-preload/contract/define.ts';
import type { AlertDetail } from '../../../../src-preload/contract/firewall.ts';
import type { knownWorkPriorities } from '../../../../src-preload/contract/support.ts';
import { parseAddress } from '../../../../src-shared/address-mentions.ts';
import { useProfilesStore } from '../../../connections/profiles-store.ts';
import { useConfirmedWrite } from '../../../outbox/use-confirmed-write.ts';
import { WriteState } from '../../../outbox/WriteState.tsx';
import { Dialog } from '../../../ui/Dialog.tsx';
import { ErrorNotice } from '../../../ui/ErrorNotice.tsx';
import { useWorkspaceStore } from '../../../workspace/workspace-store.ts';
import { useAlertWorkItems, useCreateAlertWorkItem } from '../firewall-data.ts';

const priorities: readonly (typeof knownWorkPriorities)[number][] = ['low', 'normal', 'high', 'urgent'];

/**
 * What an alert links to: "Create work item" (prefilled with the alert; the alert lists the items
 * made from it) and "Tickets mentioning this source" (the source's address card).
 */
export function AlertLinks({ profileId, detail }: { profileId: string; detail: AlertDetail }) {
  const { t } = useTranslation();
  const navigate = useWorkspaceStore((state) => state.navigate);
  const links = useAlertWorkItems(profileId, detail.id);
  const [creating, setCreating] = useState(false);
  const source = detail.srcIp ? parseAddress(detail.srcIp) : null;

  return (
    <section className="fw-alert-links" aria-label={t('address.linked.title')}>
      <div className="fw-alert-link-actions">
        <button type="button" className="button" onClick={() => setCreating(true)}>
          {t('address.linked.createWorkItem')}
        </button>
        {source && (
          <button type="button" className="button" onClick={() => navigate({ kind: 'address', params: { address: source.address } })}>
            {t('address.linked.ticketsMentioningSource')}
          </button>
        )}
      </div>
      {links.isError && <ErrorNotice error={links.error} />}
      {links.data && links.data.length > 0 && (
        <ul className="fw-alert-work-items" aria-label={t('address.linked.workItems')}>
          {links.data.map((link) => (
            <li key={link.write?.id ?? link.createdAt}>
              {link.workId ? (
                <button
                  type="button"
                  className="link-button"
                  onClick={() => navigate({ kind: 'support', params: { profileId: link.supportProfileId, section: 'work', itemId: link.workId! } })}
                >
                  {t('address.linked.workItem', { id: link.workId })}
                </button>
              ) : (
                <span>{t('address.linked.workItemPending')}</span>
              )}{' '}
              {link.write && <WriteState entry={link.write} />}
            </li>
          ))}
        </ul>
      )}
      {creating && <CreateWorkItemDialog profileId={profileId} detail={detail} onClose={() => setCreating(false)} />}
    </section>
  );
}

function CreateWorkItemDialog({ profileId, detail, onClose }: { profileId: string; detail: AlertDetail; onClose(): void }) {
  const { t } = useTranslation();
  const supportProfiles = useProfilesStore((state) => state.profiles).filter((profile) => profile.service === 'support');
  const firewallName = useProfilesStore((state) => state.profiles.find((profile) => profile.id === profileId)?.name ?? profileId);
  const [supportProfileId, setSupportProfileId] = useState(supportProfiles[0]?.id ?? '');
  const [title, setTitle] = useState(() => t('address.linked.prefillTitle', { id: detail.id, signature: detail.signature ?? detail.category ?? '' }).trim());
  const [description, setDescription] = useState(() =>
    [
      t('address.linked.prefillFrom', { id: detail.id, appliance: firewallName }),
      ...[
        ['occurredAt', detail.occurredAt],
        ['severity', detail.severity],
        ['srcIp', detail.srcIp && (detail.srcPort === null ? detail.srcIp : `${detail.srcIp}:${detail.srcPort}`)],
        ['dstIp', detail.dstIp && (detail.dstPort === null ? detail.dstIp : `${detail.dstIp}:${detail.dstPort}`)],
        ['signature', detail.signature],
        ['message', detail.message],
      ].flatMap(([field, value]) => (value ? [`${t(`firewall.alerts.fields.${field}`)}: ${value}`] : [])),
    ].join('\n'),
  );
  const [priority, setPriority] = useState<string>(detail.severity === 'critical' || detail.severity === 'high' ? 'high' : 'normal');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<IpcError | null>(null);
  const confirm = useConfirmedWrite(supportProfileId);
  const create = useCreateAlertWorkItem(profileId, detail.id);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!(await confirm(t('address.linked.createWorkItem')))) return;
    setBusy(true);
    const result = await create({ supportProfileId, title, description, priority });
    setBusy(false);
    if (result.ok) onClose();
    else setError(result.error);
  };

  return (
    <Dialog title={t('address.linked.createTitle', { id: detail.id })} onClose={onClose} wide>
      {supportProfiles.length === 0 ? (
        <p className="muted">{t('address.linked.noSupport')}</p>
      ) : (
        <form className="fw-work-form" onSubmit={(event) => void submit(event)}>
          {supportProfiles.length > 1 && (
            <label className="field">
              <span className="field-label">{t('address.linked.supportConnection')}</span>
              <select value={supportProfileId} onChange={(event) => setSupportProfileId(event.target.value)}>
                {supportProfiles.map((profile) => (
                  <option key={profile.id} value={profile.id}>
                    {profile.name}
                  </option>
                ))}
              </select>
            </label>
          )}
          <label className="field">
            <span className="field-label">{t('support.work.title')}</span>
            <input value={title} required maxLength={200} onChange={(event) => setTitle(event.target.value)} />
          </label>
          <label className="field">
            <span className="field-label">{t('support.work.description')}</span>
            <textarea value={description} rows={7} maxLength={10_000} onChange={(event) => setDescription(event.target.value)} />
          </label>
          <label className="field">
            <span className="field-label">{t('support.work.priority')}</span>
            <select value={priority} onChange={(event) => setPriority(event.target.value)}>
              {priorities.map((value) => (
                <option key={value} value={value}>
                  {t(`support.workPriority.${value}`)}
                </option>
              ))}
            </select>
          </label>
          {error && <ErrorNotice error={error} title={t('address.linked.notCreated')} />}
          <div className="dialog-actions">
            <button type="button" className="button" onClick={onClose}>
              {t('support.form.cancel')}
            </button>
            <button type="submit" className="button-primary" disabled={busy || title.trim() === '' || supportProfileId === ''}>
              {t('address.linked.create')}
            </button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
