import { useTranslation } from 'react-i18next';
import type { OutboxEntry } from '../../../../src-shared/contract/outbox.ts';
import { useActionText } from '../../outbox/index.ts';
import { useOutboxEntry } from '../../outbox/index.ts';
import { WriteState } from '../../outbox/index.ts';
import { ErrorNotice } from '../../../ui/ErrorNotice.tsx';
import type { SupportWrites } from './use-support-writes.ts';

/** The writes made in this place, each following its state (sending, queued offline, failed with Retry, sent). */
export function WriteList({ writes }: { writes: SupportWrites }) {
  const { t } = useTranslation();
  if (writes.entries.length === 0 && !writes.refusal) return null;
  return (
    <section className="si-writes" aria-label={t('support.writes')}>
      {writes.refusal && <ErrorNotice error={writes.refusal} />}
      {writes.entries.map((entry) => (
        <FollowedWrite key={entry.id} made={entry} />
      ))}
    </section>
  );
}

function FollowedWrite({ made }: { made: OutboxEntry }) {
  const actionText = useActionText();
  const entry = useOutboxEntry(made.id, made) ?? made;
  return (
    <div className="si-write">
      <span className="si-write-action si-server-text">{actionText(entry.action)}</span> <WriteState entry={entry} />
    </div>
  );
}
