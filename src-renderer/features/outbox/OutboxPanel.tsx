import { Trans, useTranslation } from 'react-i18next';
import type { OutboxEntry } from '../../../src-shared/contract/outbox.ts';
import { useProfile } from '../connections/index.ts';
import { ErrorNotice } from '../../ui/ErrorNotice.tsx';
import { LiveBadge } from '../../ui/LiveBadge.tsx';
import { Time } from '../../ui/Time.tsx';
import { useOutboxError, usePendingWrites } from './outbox-data.ts';
import { useActionText } from './use-action-text.ts';
import { offersActions, WriteActions, WriteStateWords } from './WriteState.tsx';
import './outbox.css';

/** The writes that have not gone out yet, oldest first, each with why and what the user can do. */
export function OutboxPanel() {
  const { t } = useTranslation();
  const pending = usePendingWrites((writes) => writes);
  const error = useOutboxError();

  return (
    <div className="outbox-panel">
      <p className="muted">{t('outbox.intro')}</p>
      {error && <ErrorNotice error={error} title={t('outbox.actionFailed')} />}
      {pending.length === 0 ? (
        <p className="outbox-empty">{t('outbox.empty')}</p>
      ) : (
        <ul className="outbox-list" aria-label={t('outbox.list')}>
          {pending.map((entry) => (
            <li key={entry.id}>
              <OutboxRow entry={entry} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function OutboxRow({ entry }: { entry: OutboxEntry }) {
  const { t } = useTranslation();
  const actionText = useActionText();
  const profile = useProfile(entry.profileId);
  return (
    <article className="outbox-row" aria-label={actionText(entry.action)} data-write-state={entry.state}>
      <header>
        <strong>
          <bdi>{actionText(entry.action)}</bdi>
        </strong>
        {profile && (
          <span className="muted">
            {' · '}
            <bdi>{profile.name}</bdi>
            {profile.live && (
              <>
                {' '}
                <LiveBadge />
              </>
            )}
          </span>
        )}
      </header>
      <p className={`write-state write-state-${entry.state}`}>
        <WriteStateWords entry={entry} />
      </p>
      <p className="muted outbox-meta">
        <Trans i18nKey="outbox.madeAt" components={{ time: <Time value={entry.createdAt} /> }} />
        {entry.attempts > 0 && <> · {t('outbox.attempts', { count: entry.attempts })}</>}
      </p>
      {offersActions(entry) && <WriteActions entry={entry} />}
    </article>
  );
}
