import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { IpcError } from '../../../../src-shared/contract/define.ts';
import type { AlertDetail } from '../../../../src-shared/contract/firewall.ts';
import { parseAddress } from '../../../../src-shared/address-mentions.ts';
import { useProfile, useProfiles } from '../../connections/index.ts';
import { useConfirmedWrite } from '../../outbox/index.ts';
import { WriteState } from '../../outbox/index.ts';
import { Dialog } from '../../../ui/Dialog.tsx';
import { ErrorNotice } from '../../../ui/ErrorNotice.tsx';
import { useWorkspaceStore } from '../../../navigation/workspace-store.ts';
import { useAlertWorkItems, useCreateAlertWorkItem } from '../firewall-data.ts';
import { WorkItemFields, type WorkItemValues } from './WorkItemFields.tsx';

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
  const supportProfiles = useProfiles().filter((profile) => profile.service === 'support');
  const firewallName = useProfile(profileId)?.name ?? profileId;
  const [values, setValues] = useState<WorkItemValues>(() => ({
    supportProfileId: supportProfiles[0]?.id ?? '',
    title: t('address.linked.prefillTitle', { id: detail.id, signature: detail.signature ?? detail.category ?? '' }).trim(),
    description: [
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
    priority: detail.severity === 'critical' || detail.severity === 'high' ? 'high' : 'normal',
  }));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<IpcError | null>(null);
  const confirm = useConfirmedWrite(values.supportProfileId);
  const create = useCreateAlertWorkItem(profileId, detail.id);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!(await confirm(t('address.linked.createWorkItem')))) return;
    setBusy(true);
    const result = await create(values);
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
          <WorkItemFields
            supportProfiles={supportProfiles}
            values={values}
            onChange={(change) => setValues((old) => ({ ...old, ...change }))}
            description={{ label: t('support.work.description'), rows: 7 }}
          />
          {error && <ErrorNotice error={error} title={t('address.linked.notCreated')} />}
          <div className="dialog-actions">
            <button type="button" className="button" onClick={onClose}>
              {t('support.form.cancel')}
            </button>
            <button type="submit" className="button-primary" disabled={busy || values.title.trim() === '' || values.supportProfileId === ''}>
              {t('address.linked.create')}
            </button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
