import { useState } from 'react';
import type { FormEvent } from 'react';
import type { IpcError } from '../../../../src-preload/contract/define.ts';
import type { BlockEntry } from '../../../../src-preload/contract/firewall.ts';
import { opsdesk } from '../../../bridge.ts';
import { ErrorNotice } from '../../../ui/ErrorNotice.tsx';
import { ConfirmDialog } from '../ConfirmDialog.tsx';
import { operateState, useFirewallStatusStore } from '../firewall-status-store.ts';
import { relativeTime } from '../relative-time.ts';
import type { FirewallSectionProps } from '../sections.ts';
import { cellText, visibleText } from '../table/visible-text.ts';
import { useFirewallList } from '../use-firewall-list.ts';
import { useNow } from '../use-now.ts';
import { DurationPicker, defaultBlockSeconds } from './DurationPicker.tsx';

const readBlocklist = (profileId: string) => opsdesk.firewall.blocklist({ profileId });

/** Who is blocked, by whom and for how long; add a block, or lift one after asking. */
export function BlockListSection({ profile, itemId }: FirewallSectionProps) {
  const [state, reload] = useFirewallList(profile.id, readBlocklist, 'blocklist');
  const capabilities = useFirewallStatusStore((store) => store.capabilities[profile.id]);
  const operate = operateState(capabilities);
  const [adding, setAdding] = useState(false);
  const [unblocking, setUnblocking] = useState<BlockEntry | null>(null);
  const [search, setSearch] = useState('');
  const now = useNow(30_000);
  const needle = search.trim().toLowerCase();
  const entries =
    state.status === 'ready'
      ? state.list.items.filter((entry) => !needle || `${entry.ip} ${entry.reason ?? ''} ${entry.source ?? ''}`.toLowerCase().includes(needle))
      : [];

  return (
    <div className="fw-list-section">
      <div className="fw-toolbar">
        <input type="search" aria-label="Search the block list" placeholder="Search the block list" value={search} onChange={(event) => setSearch(event.target.value)} />
        <span className="fw-count" role="status">
          {state.status === 'ready' && `${entries.length.toLocaleString()} ${entries.length === 1 ? 'entry' : 'entries'}`}
        </span>
        <button type="button" className="button-primary" disabled={!operate.allowed} title={operate.reason} onClick={() => setAdding(true)}>
          Add block
        </button>
      </div>
      {adding && <AddBlockForm profileId={profile.id} onDone={() => { setAdding(false); void reload(); }} />}
      {state.status === 'loading' && <p className="muted">Reading the block list…</p>}
      {state.status === 'failed' && <ErrorNotice error={state.error} title="The block list could not be read" />}
      {state.status === 'ready' && state.error && <ErrorNotice error={state.error} title="The block list could not be refreshed" />}
      {state.status === 'ready' && (
        <table className="fw-table" aria-label="Block list">
          <thead>
            <tr>
              <th scope="col">IP</th>
              <th scope="col">Source</th>
              <th scope="col">Reason</th>
              <th scope="col">Remaining</th>
              <th scope="col">Created</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {entries.map((entry) => (
              <tr
                key={entry.id}
                aria-label={`Block ${entry.ip}`}
                aria-current={entry.id === itemId ? 'true' : undefined}
                className={entry.id === itemId ? 'fw-row-focused' : undefined}
                ref={entry.id === itemId ? (row) => row?.scrollIntoView({ block: 'nearest' }) : undefined}
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
                <td>
                  <button
                    type="button"
                    className="button-danger"
                    disabled={!operate.allowed}
                    title={operate.reason}
                    aria-label={`Unblock ${entry.ip}`}
                    onClick={() => setUnblocking(entry)}
                  >
                    Unblock
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {state.status === 'ready' && entries.length === 0 && <p className="muted">{needle ? 'No entry matches.' : 'Nothing is blocked.'}</p>}
      {unblocking && (
        <ConfirmDialog
          title={`Unblock ${visibleText(unblocking.ip)}?`}
          confirmLabel="Unblock"
          onClose={() => setUnblocking(null)}
          onConfirm={async () => {
            const result = await opsdesk.firewall.unblock({ profileId: profile.id, entryId: unblocking.id });
            if (result.ok) void reload();
            return result;
          }}
        >
          <p>
            Traffic from <bdi>{visibleText(unblocking.ip)}</bdi> will reach the network again.
            {unblocking.reason && (
              <>
                {' '}It was blocked for: <bdi>{cellText(unblocking.reason)}</bdi>
              </>
            )}
          </p>
        </ConfirmDialog>
      )}
    </div>
  );
}

function Remaining({ entry, now }: { entry: BlockEntry; now: number }) {
  if (entry.expiresAt === null) return <span>permanent</span>;
  const expires = new Date(entry.expiresAt).getTime();
  if (expires <= now) return <span className="muted">expired</span>;
  return (
    <time dateTime={entry.expiresAt} title={new Date(expires).toLocaleString()}>
      {relativeTime(expires, now)}
    </time>
  );
}

function AddBlockForm({ profileId, onDone }: { profileId: string; onDone(): void }) {
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
    <form className="card fw-form" aria-label="Add block" onSubmit={(event) => void submit(event)}>
      <label className={fieldError('ip') ? 'field field-invalid' : 'field'}>
        <span className="field-label">IP address</span>
        <input value={ip} onChange={(event) => setIp(event.target.value)} placeholder="203.0.113.7 or 2001:db8::7" required />
        {fieldError('ip') && <span className="field-error">{fieldError('ip')}</span>}
      </label>
      <div className="field">
        <span className="field-label">Duration</span>
        <DurationPicker seconds={seconds} onChange={setSeconds} label="Duration" />
      </div>
      <label className={fieldError('reason') ? 'field field-invalid' : 'field'}>
        <span className="field-label">Reason</span>
        <input value={reason} onChange={(event) => setReason(event.target.value)} maxLength={500} />
        {fieldError('reason') && <span className="field-error">{fieldError('reason')}</span>}
      </label>
      {error && !error.fieldErrors && <ErrorNotice error={error} title="Not blocked" />}
      <div className="dialog-actions">
        <button type="button" className="button" onClick={onDone}>
          Cancel
        </button>
        <button type="submit" className="button-primary" disabled={busy}>
          {busy ? 'Blocking…' : 'Block'}
        </button>
      </div>
    </form>
  );
}
