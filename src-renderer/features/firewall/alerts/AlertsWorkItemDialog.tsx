import { useEffect, useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { AlertsWorkItem } from '../../../../src-shared/contract/address.ts';
import type { IpcError } from '../../../../src-shared/contract/define.ts';
import type { AlertRow } from '../../../../src-shared/contract/firewall.ts';
import { useProfile, useProfiles } from '../../connections/index.ts';
import { useConfirmedWrite } from '../../outbox/index.ts';
import { useOutboxEntry } from '../../outbox/index.ts';
import { WriteState } from '../../outbox/index.ts';
import { Dialog } from '../../../ui/Dialog.tsx';
import { ErrorNotice } from '../../../ui/ErrorNotice.tsx';
import { ALERT_CHECK_LIMIT, type AlertsStore } from './alerts-store.ts';
import { alertsWorkItemCalls } from '../firewall-data.ts';
import { WorkItemFields, type WorkItemValues } from './WorkItemFields.tsx';
import { alertsWorkItemText } from './alerts-work-item-text.ts';
import type { AlertsChosen } from '../bulk/BulkBlockDialog.tsx';

/**
 * "Create one work item" for the checked alerts (or the first of every alert the filter matches):
 * its text first, to read and change, then one write through the outbox; each alert lists the item.
 */
export function AlertsWorkItemDialog({ profileId, store, which, onClose, onCreated }: { profileId: string; store: AlertsStore; which: AlertsChosen; onClose(): void; onCreated(): void }) {
  const { t } = useTranslation();
  const calls = alertsWorkItemCalls(profileId);
  const supportProfiles = useProfiles().filter((profile) => profile.service === 'support');
  const appliance = useProfile(profileId)?.name ?? profileId;
  const [alerts, setAlerts] = useState<{ ids: string[]; total: number } | null>(null);
  const [values, setValues] = useState<WorkItemValues>({ supportProfileId: supportProfiles[0]?.id ?? '', title: '', description: '', priority: 'normal' });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<IpcError | null>(null);
  const [made, setMade] = useState<AlertsWorkItem | null>(null);
  const confirm = useConfirmedWrite(values.supportProfileId);
  const create = calls.create;

  useEffect(() => {
    const show = (rows: readonly AlertRow[], total: number) => {
      const text = alertsWorkItemText(t, rows, total, appliance);
      setAlerts({ ids: rows.map((row) => row.id), total });
      const priority = rows.some((row) => row.severity === 'critical' || row.severity === 'high') ? 'high' : 'normal';
      setValues((old) => ({ ...old, title: text.title, description: text.description, priority }));
    };
    if ('alertIds' in which) {
      // Checked rows were on screen: their pages are at hand, in the table's order.
      const wanted = new Set(which.alertIds);
      const rows = [...store.getState().pages].sort(([a], [b]) => a - b).flatMap(([, page]) => page.filter((row) => wanted.has(row.id)));
      show(rows, rows.length);
      return;
    }
    void calls.matching({ filter: which.filter, sort: store.getState().query.sort }, ALERT_CHECK_LIMIT).then((page) => (page.ok ? show(page.data.rows, page.data.total) : setError(page.error)));
    // The text is made once, for what the dialog was opened on.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!alerts || !(await confirm(t('firewall.selection.work.create')))) return;
    setBusy(true);
    const result = await create({ alertIds: alerts.ids, ...values });
    setBusy(false);
    if (!result.ok) return setError(result.error);
    setMade(result.data);
    onCreated();
  };

  return (
    <Dialog title={t('firewall.selection.work.dialogTitle')} onClose={onClose} wide>
      {supportProfiles.length === 0 ? (
        <p className="muted">{t('address.linked.noSupport')}</p>
      ) : made ? (
        <MadeWorkItem made={made} onClose={onClose} />
      ) : (
        <form className="fw-work-form" onSubmit={(event) => void submit(event)} aria-label={t('firewall.selection.work.dialogTitle')}>
          {!alerts && !error && <p className="muted">{t('firewall.selection.work.reading')}</p>}
          {alerts && (
            <p role="status">
              {t('firewall.selection.work.links', { count: alerts.ids.length })}
              {alerts.total > alerts.ids.length && ` ${t('firewall.selection.work.capped', { count: alerts.total, limit: alerts.ids.length })}`}
            </p>
          )}
          <WorkItemFields
            supportProfiles={supportProfiles}
            values={values}
            onChange={(change) => setValues((old) => ({ ...old, ...change }))}
            description={{ label: t('firewall.selection.work.preview'), rows: 12, className: 'fw-work-preview' }}
          />
          {error && <ErrorNotice error={error} title={t('address.linked.notCreated')} />}
          <div className="dialog-actions">
            <button type="button" className="button" onClick={onClose}>
              {t('support.form.cancel')}
            </button>
            <button type="submit" className="button-primary" disabled={busy || !alerts || alerts.ids.length === 0 || values.title.trim() === '' || values.supportProfileId === ''}>
              {t('firewall.selection.work.create')}
            </button>
          </div>
        </form>
      )}
    </Dialog>
  );
}

/** The write that creates the item, followed until the support back end has it. */
function MadeWorkItem({ made, onClose }: { made: AlertsWorkItem; onClose(): void }) {
  const { t } = useTranslation();
  const write = useOutboxEntry(made.write.id, made.write);
  return (
    <>
      <p>{t('firewall.selection.work.made', { count: made.alerts })}</p>
      {write && <WriteState entry={write} />}
      <div className="dialog-actions">
        <button type="button" className="button-primary" onClick={onClose}>
          {t('firewall.bulk.close')}
        </button>
      </div>
    </>
  );
}
