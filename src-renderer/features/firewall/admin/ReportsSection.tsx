import { useEffect, useState } from 'react';
import type { FormEvent } from 'react';
import type { IpcError } from '../../../../src-shared/contract/define.ts';
import type { Report } from '../../../../src-shared/contract/firewall-admin.ts';
import type { QueuedWrite } from '../../../../src-shared/contract/firewall.ts';
import { reportTypes } from '../../../../src-shared/firewall-constants.ts';
import type { ProfileView } from '../../../../src-shared/contract/profiles.ts';
import { WaitingWrites } from '../../outbox/index.ts';
import { Dialog } from '../../../ui/Dialog.tsx';
import { ErrorNotice } from '../../../ui/ErrorNotice.tsx';
import { FormField } from '../../../ui/FormField.tsx';
import { useFieldErrors } from '../../../language/use-error-text.ts';
import { Time } from '../../../ui/Time.tsx';
import { PagedTable } from './PagedTable.tsx';
import { textColumn, timeColumn, TIME_WIDTH } from './admin-columns.tsx';
import { ReportContent } from './ReportContent.tsx';
import { useTranslation } from 'react-i18next';
import { adminCalls, useAppliancePage } from './admin-data.ts';

const typeLabel: Record<string, string> = {
  threat_summary: 'firewallAdmin.reports.typeThreatSummary', traffic: 'firewallAdmin.reports.typeTraffic', top_sources: 'firewallAdmin.reports.typeTopSources', blocklist: 'firewallAdmin.reports.typeBlocklist',
};
const isReady = (report: Report) => report.status === 'ready' || report.content !== undefined;
const isFailed = (report: Report) => /fail|error/.test(report.status);

export function ReportsSection({ profile }: { profile: ProfileView }) {
  const { t } = useTranslation();
  const list = useAppliancePage(profile.id, 'reports', [], (page) => adminCalls(profile.id).listReports({ page, pageSize: 20 }));
  const [generating, setGenerating] = useState(false);
  const [reading, setReading] = useState<Report | null>(null);

  return (
    <section className="admin-section" aria-label={t('firewallAdmin.reports.region')}>
      <WaitingWrites profileId={profile.id} kind="report" />
      <PagedTable
        list={list}
        beforeRefresh={
          <button type="button" className="button-primary" onClick={() => setGenerating(true)}>
            {t('firewallAdmin.reports.generate')}
          </button>
        }
        tableId="firewall.reports"
        label={t('firewallAdmin.reports.region')}
        columns={[
          textColumn<Report>('name', t('firewallAdmin.reports.name'), 200, (report) => report.name, { grow: true }),
          textColumn<Report>('type', t('firewallAdmin.reports.type'), 150, (report) => report.type, {
            shown: (report) => (report.type && report.type in typeLabel ? t(typeLabel[report.type]!) : (report.type ?? '')),
          }),
          textColumn<Report>('period', t('firewallAdmin.reports.period'), 330, (report) => report.periodFrom, {
            shown: (report) => `${report.periodFrom ?? ''} – ${report.periodTo ?? ''}`,
            cell: (report) => (
              <>
                <Time value={report.periodFrom} /> – <Time value={report.periodTo} />
              </>
            ),
          }),
          timeColumn<Report>('created', t('firewallAdmin.reports.created'), TIME_WIDTH, (report) => report.createdAt),
          textColumn<Report>('status', t('firewallAdmin.reports.status'), 200, (report) => report.status, { cell: (report) => <ReportState report={report} /> }),
          {
            id: 'actions',
            title: t('firewallAdmin.common.actions'),
            pinned: 'end',
            width: 190,
            text: () => '',
            cell: (report) => (
              <span className="admin-actions">
                <button type="button" className="button" disabled={!isReady(report)} onClick={() => setReading(report)} aria-label={`${t('firewallAdmin.reports.read')} ${report.name}`}>
                  {t('firewallAdmin.reports.read')}
                </button>
                <SaveReport profileId={profile.id} report={report} />
              </span>
            ),
          },
        ]}
      />
      {generating && (
        <GenerateForm
          profileId={profile.id}
          onClose={() => setGenerating(false)}
          onStarted={() => {
            setGenerating(false);
            list.setPage(1);
            list.reload();
          }}
        />
      )}
      {reading && <ReadReport profileId={profile.id} report={reading} onClose={() => setReading(null)} />}
    </section>
  );
}

function ReportState({ report }: { report: Report }) {
  const { t } = useTranslation();
  const [now, setNow] = useState(() => Date.now());
  const running = !isReady(report) && !isFailed(report);
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [running]);
  if (isReady(report)) return <span className="text-ok">{t('firewallAdmin.reports.ready')}</span>;
  if (isFailed(report)) return <span className="text-danger">{t('firewallAdmin.reports.failed')}</span>;
  const started = report.createdAt === undefined ? now : Date.parse(report.createdAt);
  return (
    <span className="admin-checkbox">
      <progress className="admin-progress" aria-label={t('firewallAdmin.reports.progress')} max={100} {...(report.progress !== undefined && { value: report.progress })} />
      <span>{report.progress !== undefined ? `${Math.round(report.progress)} %` : t('firewallAdmin.reports.generatingFor', { seconds: Math.max(0, Math.round((now - started) / 1000)) })}</span>
    </span>
  );
}

function GenerateForm({ profileId, onClose, onStarted }: { profileId: string; onClose(): void; onStarted(report: Report | QueuedWrite): void }) {
  const { t } = useTranslation();
  const [form, setForm] = useState({ type: 'threat_summary', name: '', from: '', to: '' });
  const [error, setError] = useState<IpcError | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (field: keyof typeof form) => (event: { target: { value: string } }) => setForm({ ...form, [field]: event.target.value });
  const instant = (local: string) => (local === '' ? undefined : new Date(local).toISOString());

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    const from = instant(form.from);
    const to = instant(form.to);
    const result = await adminCalls(profileId).generateReport({
      report: { type: form.type, ...(form.name.trim() && { name: form.name.trim() }), ...(from && { from }), ...(to && { to }) },
    });
    setBusy(false);
    if (result.ok) onStarted(result.data);
    else setError(result.error);
  }

  const fieldError = useFieldErrors(error);
  return (
    <Dialog title={t('firewallAdmin.reports.generateTitle')} onClose={onClose}>
      <form className="admin-form" onSubmit={(event) => void submit(event)} noValidate>
        {error && !error.fieldErrors?.length && <ErrorNotice error={error} title={t('firewallAdmin.common.failedTitle')} />}
        <FormField label={t('firewallAdmin.reports.type')} error={fieldError('type')}>
          <select value={form.type} onChange={set('type')}>
            {reportTypes.map((type) => (
              <option key={type} value={type}>
                {t(typeLabel[type]!)}
              </option>
            ))}
          </select>
        </FormField>
        <FormField label={t('firewallAdmin.reports.name')} error={fieldError('name')} help={t('firewallAdmin.reports.nameHelp')}>
          <input value={form.name} onChange={set('name')} />
        </FormField>
        <div className="field-row">
          <FormField label={t('firewallAdmin.reports.from')} error={fieldError('from')} help={t('firewallAdmin.reports.periodHelp')}>
            <input type="datetime-local" value={form.from} onChange={set('from')} />
          </FormField>
          <FormField label={t('firewallAdmin.reports.to')} error={fieldError('to')}>
            <input type="datetime-local" value={form.to} onChange={set('to')} />
          </FormField>
        </div>
        <div className="dialog-actions">
          <button type="button" className="button" onClick={onClose}>
            {t('firewallAdmin.common.cancel')}
          </button>
          <button type="submit" className="button-primary" disabled={busy}>
            {t('firewallAdmin.reports.generate')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}

function ReadReport({ profileId, report, onClose }: { profileId: string; report: Report; onClose(): void }) {
  const { t } = useTranslation();
  const [state, setState] = useState<{ report?: Report; error?: IpcError }>({});
  useEffect(() => {
    let current = true;
    void adminCalls(profileId).getReport({ id: report.id }).then((result) => {
      if (current) setState(result.ok ? { report: result.data } : { error: result.error });
    });
    return () => {
      current = false;
    };
  }, [profileId, report.id]);
  return (
    <Dialog title={t('firewallAdmin.reports.content', { name: report.name })} onClose={onClose} wide>
      {state.error && <ErrorNotice read error={state.error} title={t('firewallAdmin.common.loadFailed')} />}
      {!state.report && !state.error && <p className="muted">{t('firewallAdmin.common.loading')}</p>}
      {state.report && (
        <div className="admin-report-content">
          <ReportContent value={state.report.content} />
        </div>
      )}
    </Dialog>
  );
}

/** Main fetches the finished report (its content, or the file at its link) and saves it where the user chooses. */
function SaveReport({ profileId, report }: { profileId: string; report: Report }) {
  const { t } = useTranslation();
  const [outcome, setOutcome] = useState<{ path?: string; error?: IpcError }>({});
  const save = async () => {
    const result = await adminCalls(profileId).saveReport({ id: report.id });
    setOutcome(result.ok ? (result.data.path === null ? {} : { path: result.data.path }) : { error: result.error });
  };
  return (
    <>
      <button type="button" className="button" disabled={!isReady(report) && report.link === undefined} onClick={() => void save()} aria-label={`${t('firewallAdmin.reports.save')} ${report.name}`}>
        {t('firewallAdmin.reports.save')}
      </button>
      {outcome.path && <span className="muted"> {t('firewallAdmin.reports.saved', { path: outcome.path })}</span>}
      {outcome.error && <ErrorNotice error={outcome.error} title={t('firewallAdmin.reports.saveTitle')} />}
    </>
  );
}
