import { useTranslation } from 'react-i18next';
import type { ActivityTargetFilter } from '../../../src-shared/contract/activity.ts';
import { ErrorNotice } from '../../ui/ErrorNotice.tsx';
import { Time } from '../../ui/Time.tsx';
import { useWorkspaceStore } from '../../navigation/workspace-store.ts';
import { useItemHistory } from './activity-data.ts';
import { useActivityActionText } from './activity-words.ts';
import { OutcomeChip, ProposedBy } from './ActivityParts.tsx';
import './activity.css';

/** What was done to one item through OpsDesk (a ticket, a block, an address), newest first, with a way to the whole log. */
export function ItemHistory({ target }: { target: ActivityTargetFilter }) {
  const { t } = useTranslation();
  const history = useItemHistory(target);
  const actionText = useActivityActionText();
  const navigate = useWorkspaceStore((state) => state.navigate);
  const entries = history.data?.rows ?? [];
  const searchText = 'address' in target ? target.address : target.id;
  return (
    <section className="act-history" aria-label={t('activity.history.region')}>
      <h3>{t('activity.history.title')}</h3>
      {history.error && <ErrorNotice error={history.error} title={t('activity.readFailed')} />}
      {history.data && entries.length === 0 && <p className="muted">{t('activity.history.empty')}</p>}
      {entries.length > 0 && (
        <ol className="act-history-list">
          {entries.map((entry) => (
            <li key={entry.id} className="act-history-entry">
              <Time value={entry.at} />
              <span className="act-history-action">{actionText(entry.action)}</span>
              <OutcomeChip entry={entry} />
              {entry.requestId && <span className="mono muted" title={t('activity.columns.requestId')}>{entry.requestId}</span>}
              <ProposedBy entry={entry} />
            </li>
          ))}
        </ol>
      )}
      {entries.length > 0 && (
        <button type="button" className="link-button" onClick={() => navigate({ kind: 'activity', params: { text: searchText } })}>
          {t('activity.history.openLog')}
        </button>
      )}
    </section>
  );
}
