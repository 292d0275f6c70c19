import { useState } from 'react';
import type { FormEvent } from 'react';
import type { IpcError } from '../../../../src-preload/contract/define.ts';
import type { BlockEntry } from '../../../../src-preload/contract/firewall.ts';
import { opsdesk } from '../../../bridge.ts';
import { ErrorNotice } from '../../../ui/ErrorNotice.tsx';
import { ConfirmDialog } from '../ConfirmDialog.tsx';
import { operateState, useFirewallStatusStore } from '../firewall-status-store.ts';
import type { FirewallSectionProps } from '../section.ts';
import { cellText, visibleText } from '../table/visible-text.ts';
import { useFirewallList } from '../use-firewall-list.ts';
import { useNow } from '../use-now.ts';
import { DurationPicker, defaultBlockSeconds } from './DurationPicker.tsx';
import { Remaining } from './Remaining.tsx';
import { fill } from '../../../ui/fill-template.ts';
import { useCatalogSection } from '../../../ui/use-catalog-section.ts';
import { useWorkspaceStore } from '../../../workspace/workspace-store.ts';

const readBlocklist = (profileId: string) => opsdesk.firewall.blocklist({ profileId });

/** Who is blocked, by whom and for how long; add a block, or lift one after asking. */
export function BlockListSection({ profile }: FirewallSectionProps) {
  const firewallStrings = useCatalogSection('firewall');
  const s = firewallStrings.blocklist;
  const [state, reload] = useFirewallList(profile.id, readBlocklist, 'blocklist');
  const capabilities = useFirewallStatusStore((store) => store.capabilities[profile.id]);
  const operate = operateState(capabilities);
  const [adding, setAdding] = useState(false);
  const [unblocking, setUnblocking] = useState<BlockEntry | null>(null);
  const [search, setSearch] = useState('');
  const now = useNow(30_000);
  const navigate = useWorkspaceStore((store) => store.navigate);
  const needle = search.trim().toLowerCase();
  const entries =
    state.status === 'ready'
      ? state.list.items.filter((entry) => !needle || `${entry.ip} ${entry.reason ?? ''} ${entry.source ?? ''}`.toLowerCase().includes(needle))
      : [];

  return (
    <section className="fw-list-section" aria-label={s.title}>
      <div className="fw-toolbar">
        <input type="search" aria-label={s.search} placeholder={s.search} value={search} onChange={(event) => setSearch(event.target.value)} />
        <span className="fw-count" role="status">
          {state.status === 'ready' && fill(entries.length === 1 ? s.count_one : s.count_other, { count: entries.length.toLocaleString() })}
        </span>
        <button type="button" className="button-primary" disabled={!operate.allowed} title={operate.reason} onClick={() => setAdding(true)}>
          {s.add}
        </button>
      </div>
      {adding && <AddBlockForm profileId={profile.id} onDone={() => { setAdding(false); void reload(); }} />}
      {state.status === 'loading' && <p className="muted">{s.reading}</p>}
      {state.status === 'failed' && <ErrorNotice error={state.error} title={s.readFailed} />}
      {state.status === 'ready' && state.error && <ErrorNotice error={state.error} title={s.refreshFailed} />}
      {state.status === 'ready' && (
        <table className="fw-table" aria-label={s.title}>
          <thead>
            <tr>
              <th scope="col">{s.columns.ip}</th>
              <th scope="col">{s.columns.source}</th>
              <th scope="col">{s.columns.reason}</th>
              <th scope="col">{s.columns.remaining}</th>
              <th scope="col">{s.columns.created}</th>
              <th scope="col">
                <span className="visually-hidden">{firewallStrings.list.actions}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {entries.map((entry) => (
              <tr
                key={entry.id}
                aria-label={fill(s.row, { ip: entry.ip })}
              >
                <td>
                  <bdi>{cellText(entry.ip, 64)}</bdi>
                </td>
                <td>{entry.source ? <span className="badge badge-source">{cellText(entry.source, 20)}</span> : null}</td>
                <td className="fw-wrap">
                  <bdi>{cellText(entry.reason ?? '')}</bdi>
                </td>
                <td>
                  <Remaining entry={entry} now={now} />
                </td>
                <td>{entry.createdAt ? <time dateTime={entry.createdAt}>{new Date(entry.createdAt).toLocaleString()}</time> : null}</td>
                <td className="fw-row-actions">
                  <button
                    type="button"
                    className="button"
                    aria-label={fill(s.openNamed, { ip: entry.ip })}
                    onClick={() => navigate({ kind: 'block', params: { profileId: profile.id, entryId: entry.id } })}
                  >
                    {s.open}
                  </button>
                  <button
                    type="button"
                    className="button-danger"
                    disabled={!operate.allowed}
                    title={operate.reason}
                    aria-label={fill(s.unblockNamed, { ip: entry.ip })}
                    onClick={() => setUnblocking(entry)}
                  >
                    {s.unblock}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {state.status === 'ready' && entries.length === 0 && <p className="muted">{needle ? s.noMatch : s.empty}</p>}
      {unblocking && (
        <ConfirmDialog
          title={fill(s.unblockTitle, { ip: visibleText(unblocking.ip) })}
          confirmLabel={s.unblock}
          onClose={() => setUnblocking(null)}
          onConfirm={async () => {
            const result = await opsdesk.firewall.unblock({ profileId: profile.id, entryId: unblocking.id });
            if (result.ok) void reload();
            return result;
          }}
        >
          <p>
            {s.unblockBody} <bdi>{visibleText(unblocking.ip)}</bdi>
          </p>
          {unblocking.reason && (
            <p>
              {s.blockedFor} <bdi>{cellText(unblocking.reason)}</bdi>
            </p>
          )}
        </ConfirmDialog>
      )}
    </section>
  );
}

function AddBlockForm({ profileId, onDone }: { profileId: string; onDone(): void }) {
  const s = useCatalogSection('firewall').blocklist;
  // A block the appliance refused for the key's role or the edition turns this off at once, with the reason.
  const operate = operateState(useFirewallStatusStore((store) => store.capabilities[profileId]));
  const [ip, setIp] = useState('');
  const [reason, setReason] = useState('');
  const [seconds, setSeconds] = useState(defaultBlockSeconds);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<IpcError | null>(null);
  const fieldError = (path: string) => error?.fieldErrors?.find((field) => field.path === path)?.message;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    const result = await opsdesk.firewall.block({ profileId, ip, durationSeconds: seconds, reason });
    setBusy(false);
    if (result.ok) onDone();
    else setError(result.error);
  };

  return (
    <form className="card fw-form" aria-label={s.add} onSubmit={(event) => void submit(event)}>
      <label className={fieldError('ip') ? 'field field-invalid' : 'field'}>
        <span className="field-label">{s.form.ip}</span>
        <input value={ip} onChange={(event) => setIp(event.target.value)} placeholder={s.form.ipPlaceholder} required />
        {fieldError('ip') && <span className="field-error">{fieldError('ip')}</span>}
      </label>
      <div className="field">
        <span className="field-label">{s.form.duration}</span>
        <DurationPicker seconds={seconds} onChange={setSeconds} label={s.form.duration} />
      </div>
      <label className={fieldError('reason') ? 'field field-invalid' : 'field'}>
        <span className="field-label">{s.form.reason}</span>
        <input value={reason} onChange={(event) => setReason(event.target.value)} maxLength={500} />
        {fieldError('reason') && <span className="field-error">{fieldError('reason')}</span>}
      </label>
      {error && !error.fieldErrors && <ErrorNotice error={error} title={s.form.notBlocked} />}
      <div className="dialog-actions">
        <button type="button" className="button" onClick={onDone}>
          {s.form.cancel}
        </button>
        <button type="submit" className="button-primary" disabled={busy || !operate.allowed} title={operate.reason}>
          {busy ? s.form.blocking : s.form.block}
        </button>
      </div>
    </form>
  );
}
