import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { WorkStatus } from '../../../../src-shared/contract/support.ts';
import { ErrorNotice } from '../../../ui/ErrorNotice.tsx';
import { Time } from '../../../ui/Time.tsx';
import { useWorkspaceStore } from '../../../navigation/workspace-store.ts';
import { FollowUps } from '../contacts/FollowUps.tsx';
import { ItemCases } from '../../cases/index.ts';
import { RecordingFollowUp } from '../drafting/RecordingFollowUp.tsx';
import { ScopeGate } from '../access/ScopeGate.tsx';
import { useSupportAccess } from '../access/use-support-access.ts';
import { workPriorityWords, workStatusList, workStatusWords } from '../lists/status-words.ts';
import { supportCalls, useContact, useTicket, useWorkItem, useWorkItemAlerts } from '../support-data.ts';
import { rememberTitle } from '../../../navigation/tab-titles.ts';
import { useSupportWrites } from '../lists/use-support-writes.ts';
import { WriteList } from '../lists/WriteList.tsx';
import { AddressText } from '../../../ui/AddressText.tsx';
import { visibleText } from '../../../../src-shared/visible-text.ts';

/** One after-sales work item: details, what it is linked to, its status and follow-ups. */
export function WorkItemDetailPane({ profileId, workId }: { profileId: string; workId: string }) {
  const { t } = useTranslation();
  const [nextStatus, setNextStatus] = useState<WorkStatus | ''>('');
  const lacksScope = useSupportAccess(profileId).allows('work.write') === false;
  const writes = useSupportWrites(profileId);
  const navigate = useWorkspaceStore((state) => state.navigate);

  const loaded = useWorkItem(profileId, workId);
  const fromAlerts = useWorkItemAlerts(profileId, workId).data ?? [];

  if (loaded.isPending) return <p className="muted">{t('support.ticket.loading')}</p>;
  // A failed re-read keeps what is shown.
  if (loaded.data === undefined) return loaded.error && <ErrorNotice error={loaded.error} />;
  const item = loaded.data;
  const { ticketId } = item;
  const changeStatus = () => {
    if (nextStatus === '') return;
    const words = t('support.work.statusTo', { status: workStatusWords(nextStatus, t) });
    void writes.write(words, () => supportCalls(profileId).setWorkStatus({ workId, status: nextStatus })).then((entry) => entry && setNextStatus(''));
  };

  return (
    <aside className="si-detail" aria-label={t('support.work.detail', { title: visibleText(item.title ?? item.id) })}>
      <h2 className="si-server-text">
        <AddressText text={item.title ?? item.id} />
      </h2>
      <ItemCases item={{ kind: 'work', profileId, itemId: workId }} label={item.title ?? item.id} />
      {item.from === 'cache' && item.error && (
        <p className="notice notice-warning" role="note">
          {t('support.cached')}
        </p>
      )}
      <dl className="si-fields">
        <dt>{t('support.contacts.status')}</dt>
        <dd>
          <span className="si-status">{workStatusWords(item.status, t)}</span>
        </dd>
        <dt>{t('support.work.priority')}</dt>
        <dd>{workPriorityWords(item.priority, t) || '—'}</dd>
        <dt>{t('support.work.assignee')}</dt>
        <dd className="si-server-text">{item.assignee ?? '—'}</dd>
        <dt>{t('support.work.linkedTo')}</dt>
        <dd>
          {item.contactId && <LinkedContact profileId={profileId} contactId={item.contactId} />}
          {ticketId && <LinkedTicket profileId={profileId} ticketId={ticketId} />}
          {fromAlerts.map((link) => (
            <button
              key={`${link.firewallProfileId}/${link.alertId}`}
              type="button"
              className="si-link"
              onClick={() => navigate({ kind: 'alert', params: { profileId: link.firewallProfileId, alertId: link.alertId } })}
            >
              {t('address.linked.fromAlert', { id: link.alertId })}
            </button>
          ))}
          {!item.contactId && !item.ticketId && fromAlerts.length === 0 && t('support.work.noLink')}
        </dd>
        {item.createdAt && (
          <>
            <dt>{t('support.ticket.created')}</dt>
            <dd>
              <Time value={item.createdAt} />
            </dd>
          </>
        )}
      </dl>
      {item.description && (
        <p className="si-message-text si-server-text">
          <AddressText text={item.description} />
        </p>
      )}
      <div className="si-status-steps">
        <label className="field-label" htmlFor={`work-status-${workId}`}>
          {t('support.work.moveTo')}
        </label>
        <select id={`work-status-${workId}`} value={nextStatus} disabled={lacksScope} onChange={(event) => setNextStatus(event.target.value as WorkStatus | '')}>
          <option value="">—</option>
          {workStatusList
            .filter((status) => status !== item.status)
            .map((status) => (
              <option key={status} value={status}>
                {workStatusWords(status, t)}
              </option>
            ))}
        </select>
        <ScopeGate profileId={profileId} scope="work.write">
          <button type="button" className="button" disabled={nextStatus === ''} onClick={changeStatus}>
            {t('support.work.setStatus')}
          </button>
        </ScopeGate>
      </div>
      <WriteList writes={writes} />
      <RecordingFollowUp profileId={profileId} scope="work.write" defaultKind="phone" writes={writes} send={(kind, note) => supportCalls(profileId).addWorkFollowUp({ workId, kind, note })} />
      <FollowUps follows={item.follows} profileId={profileId} scope="work.write" writes={writes} send={(kind, note) => supportCalls(profileId).addWorkFollowUp({ workId, kind, note })} />
    </aside>
  );
}

/** The contact a work item is linked to, by name (its id until it is read), opening it in Contacts. */
function LinkedContact({ profileId, contactId }: { profileId: string; contactId: string }) {
  const { t } = useTranslation();
  const navigate = useWorkspaceStore((state) => state.navigate);
  const name = useContact(profileId, contactId).data?.name;
  return (
    <button type="button" className="si-link si-server-text" onClick={() => navigate({ kind: 'support', params: { profileId, section: 'contacts', itemId: contactId } })}>
      {t('support.work.contactLink', { name: name ?? contactId })}
    </button>
  );
}

/** The ticket a work item is linked to, by subject (its id until it is read), opening in its tab. */
function LinkedTicket({ profileId, ticketId }: { profileId: string; ticketId: string }) {
  const { t } = useTranslation();
  const navigate = useWorkspaceStore((state) => state.navigate);
  const subject = useTicket(profileId, ticketId).data?.subject;
  return (
    <button
      type="button"
      className="si-link si-server-text"
      onClick={() => {
        rememberTitle({ kind: 'ticket', params: { profileId, ticketId } }, subject ?? null);
        navigate({ kind: 'ticket', params: { profileId, ticketId } });
      }}
    >
      {t('support.work.ticketLink', { subject: subject ?? ticketId })}
    </button>
  );
}
