import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OutboxEntry } from '../../../src-shared/contract/outbox.ts';
import { useProfile } from '../connections/index.ts';
import { useErrorText } from '../../language/use-error-text.ts';
import { DiscardConfirmation } from './DiscardConfirmation.tsx';
import { useRetryWrite } from './outbox-data.ts';
import { useActionText } from './use-action-text.ts';
import { useConfirmedWrite } from './use-confirmed-write.ts';
import './outbox.css';

function hostOf(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    return new URL(url).host;
  } catch {
    return undefined;
  }
}

/**
 * Where one write stands, shown where the user made it: "Sending…", "Queued offline: <reason> ·
 * will send when <host> answers", "Failed: <reason>" with Retry and Discard, "Sent".
 */
export function WriteState({ entry }: { entry: OutboxEntry }) {
  return (
    <span className={`write-state write-state-${entry.state}`} role="status" data-write-state={entry.state}>
      <WriteStateWords entry={entry} />
      {entry.state === 'failed' && <WriteActions entry={entry} />}
    </span>
  );
}

/**
 * Whether a write's Retry and Discard stand beside it: while it waits, and while it is tried again
 * after waiting (then off, so a Discard being confirmed is not closed under the analyst's pointer).
 * A first attempt has none: it is its form's "Sending…".
 */
export const offersActions = (entry: OutboxEntry): boolean => entry.state === 'queued' || entry.state === 'failed' || (entry.state === 'sending' && entry.attempts > 1);

/** Retry (a LIVE key asks first) and Discard (asks first) for a write that has not gone out; both off while an attempt runs. */
export function WriteActions({ entry }: { entry: OutboxEntry }) {
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  const confirm = useConfirmedWrite(entry.profileId);
  const actionText = useActionText();
  const retry = useRetryWrite();
  // Sending it again changes the server's data as the first try would have: a LIVE key asks again.
  const retryConfirmed = async () => {
    if (await confirm(actionText(entry.action))) retry.mutate(entry.id);
  };
  const sending = entry.state === 'sending';
  const busyTitle = sending ? t('outbox.sendingNow') : undefined;
  return (
    <span className="write-actions">
      <button type="button" className="link-button" disabled={sending} title={busyTitle} onClick={() => void retryConfirmed()}>
        {t('outbox.retry')}
      </button>
      <button type="button" className="link-button" disabled={sending} title={busyTitle} onClick={() => setConfirming(true)}>
        {t('outbox.discard')}
      </button>
      {confirming && <DiscardConfirmation entry={entry} onClose={() => setConfirming(false)} />}
    </span>
  );
}

export function WriteStateWords({ entry }: { entry: OutboxEntry }) {
  const { t } = useTranslation();
  const baseUrl = useProfile(entry.profileId)?.baseUrl;
  if (entry.state === 'queued' || entry.state === 'failed') {
    if (!entry.error) return <>{t(entry.state === 'queued' ? 'outbox.state.queuedBehind' : 'outbox.state.failedUnknown')}</>;
    return <FailureWords entry={entry} error={entry.error} host={hostOf(baseUrl)} />;
  }
  return <>{t(`outbox.state.${entry.state}`)}</>;
}

function FailureWords({ entry, error, host }: { entry: OutboxEntry; error: NonNullable<OutboxEntry['error']>; host: string | undefined }) {
  const { t } = useTranslation();
  const { message } = useErrorText(error);
  if (entry.state === 'failed') return <>{t('outbox.state.failed', { reason: message })}</>;
  // No status: the server was not reached at all, so the write waits for it to answer.
  if (host && error.status === undefined) return <>{t('outbox.state.queued', { reason: message, host })}</>;
  return <>{t('outbox.state.queuedNoHost', { reason: message })}</>;
}
