import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CaseDetail, CaseItemKind, CaseItemRef } from '../../../src-shared/contract/cases.ts';
import type { SearchKind } from '../../../src-shared/contract/search.ts';
import { visibleText } from '../../../src-shared/visible-text.ts';
import { useCaseItemSearch, useCaseWrites } from './cases-data.ts';
import { Dialog } from '../../ui/Dialog.tsx';
import { ErrorNotice } from '../../ui/ErrorNotice.tsx';

/** The palette's kinds a case can hold, as the case names them. */
const ITEM_KIND_OF: Partial<Record<SearchKind, CaseItemKind>> = { alert: 'alert', block: 'block', allow: 'allow', ticket: 'ticket', contact: 'contact', work: 'work', conversation: 'conversation' };

interface Candidate extends CaseItemRef {
  key: string;
  label: string;
  detail: string | null;
  profileName: string | null;
}

/** "Add items": anything the local cache holds, found as the palette finds it (an address typed is one too), ticked and added at once. */
export function AddItemsDialog({ detail, onClose }: { detail: CaseDetail; onClose(): void }) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const text = useDeferredValue(typed);
  const found = useCaseItemSearch(text);
  const { addItems } = useCaseWrites();
  const [picked, setPicked] = useState<Map<string, Candidate>>(new Map());
  const [added, setAdded] = useState<number | null>(null);
  const answer = found.data;
  const candidates: Candidate[] = [
    ...(answer?.direct ?? []).flatMap((direct) =>
      direct.kind === 'address' ? [{ key: `address::${direct.label}`, kind: 'address' as const, profileId: null, itemId: direct.label, label: t('cases.add.address', { address: direct.label }), detail: null, profileName: null }] : [],
    ),
    ...(answer?.groups ?? []).flatMap((group) => {
      const kind = ITEM_KIND_OF[group.kind];
      if (!kind) return [];
      return group.hits.map((hit) => ({ key: `${kind}:${hit.profileId ?? ''}:${hit.id}`, kind, profileId: hit.profileId, itemId: hit.id, label: hit.title, detail: hit.detail, profileName: hit.profileName }));
    }),
  ];
  const toggle = (candidate: Candidate) =>
    setPicked((current) => {
      const next = new Map(current);
      if (next.has(candidate.key)) next.delete(candidate.key);
      else next.set(candidate.key, candidate);
      return next;
    });
  const submit = async () => {
    const items = [...picked.values()].map(({ kind, profileId, itemId, label }) => ({ kind, profileId, itemId, label }));
    const result = await addItems.mutateAsync({ caseId: detail.id, items }).catch(() => null);
    if (!result) return;
    setAdded(result.added);
    setPicked(new Map());
  };
  const title = t('cases.add.title', { case: detail.number });

  return (
    <Dialog title={title} onClose={onClose} wide>
      <input
        type="search"
        className="case-add-search"
        data-autofocus
        aria-label={t('cases.add.search')}
        placeholder={t('cases.add.searchPlaceholder')}
        value={typed}
        onChange={(event) => {
          setTyped(event.target.value);
          setAdded(null);
        }}
      />
      {found.error && <ErrorNotice error={found.error} title={t('cases.add.failed')} />}
      {text.trim() !== '' && answer && candidates.length === 0 && <p className="muted">{t('cases.add.nothing', { text })}</p>}
      {candidates.length > 0 && (
        <ul className="case-add-results" aria-label={t('cases.add.results')}>
          {candidates.map((candidate) => (
            <li key={candidate.key}>
              <label className="case-add-result">
                <input type="checkbox" checked={picked.has(candidate.key)} aria-label={t('cases.add.pick', { title: visibleText(candidate.label) })} onChange={() => toggle(candidate)} />
                <span className={`case-item-kind case-kind-${candidate.kind}`}>{t(`cases.add.kinds.${candidate.kind}`)}</span>
                <bdi className="case-add-title">{visibleText(candidate.label)}</bdi>
                {candidate.detail && (
                  <bdi className="muted case-add-detail" title={candidate.detail}>
                    {visibleText(candidate.detail)}
                  </bdi>
                )}
                {candidate.profileName && <span className="muted case-add-profile">{candidate.profileName}</span>}
              </label>
            </li>
          ))}
        </ul>
      )}
      {added !== null && (
        <p role="status" className="cases-said">
          {t('cases.add.added', { count: added })}
        </p>
      )}
      {addItems.error && <ErrorNotice error={addItems.error} title={t('cases.add.failed')} />}
      <div className="dialog-actions">
        <button type="button" className="button" onClick={onClose}>
          {t('cases.add.close')}
        </button>
        <button type="button" className="button-primary" disabled={picked.size === 0 || addItems.isPending} onClick={() => void submit()}>
          {t('cases.add.submit', { count: picked.size })}
        </button>
      </div>
    </Dialog>
  );
}
