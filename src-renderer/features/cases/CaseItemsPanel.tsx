import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { caseItemKinds } from '../../../src-shared/case-constants.ts';
import type { CaseDetail, CaseItem, CaseItemKind } from '../../../src-shared/contract/cases.ts';
import { visibleText } from '../../../src-shared/visible-text.ts';
import { caseLabel, useCaseItems, useCaseWrites, useOtherCases } from './cases-data.ts';
import { Dialog } from '../../ui/Dialog.tsx';
import { ErrorNotice } from '../../ui/ErrorNotice.tsx';
import { FormField } from '../../ui/FormField.tsx';
import { useWorkspaceStore } from '../../navigation/workspace-store.ts';

const PAGE = 50;

/** What the case holds, of one kind or all: each opens its tab, leaves the case, or moves to another. */
export function CaseItemsPanel({ detail }: { detail: CaseDetail }) {
  const { t } = useTranslation();
  const [kind, setKind] = useState<CaseItemKind | null>(null);
  const [limit, setLimit] = useState(PAGE);
  const items = useCaseItems(detail.id, kind, limit);
  const { moveItems } = useCaseWrites();
  const navigate = useWorkspaceStore((state) => state.navigate);
  const [moving, setMoving] = useState<CaseItem | null>(null);
  const rows = items.data?.rows ?? [];
  const total = items.data?.total ?? 0;
  const kinds = caseItemKinds.filter((each) => (detail.itemCounts[each] ?? 0) > 0);
  const labelOf = (item: CaseItem) => visibleText(item.label ?? item.itemId);

  return (
    <section className="case-items" aria-label={t('cases.items.region')}>
      <div className="case-side-head">
        <h2 className="case-side-title">{t('cases.items.title')}</h2>
        {kinds.length > 0 && (
          <select
            aria-label={t('cases.items.title')}
            value={kind ?? ''}
            onChange={(event) => {
              setKind((event.target.value || null) as CaseItemKind | null);
              setLimit(PAGE);
            }}
          >
            <option value="">{t('cases.view.items', { count: detail.itemCount })}</option>
            {kinds.map((each) => (
              <option key={each} value={each}>
                {t(`cases.itemKindsPlural.${each}`)} ({detail.itemCounts[each]})
              </option>
            ))}
          </select>
        )}
      </div>
      {items.error && <ErrorNotice error={items.error} title={t('cases.view.readFailed')} />}
      {items.data && total === 0 && <p className="muted">{t('cases.items.empty')}</p>}
      <ul className="case-item-list">
        {rows.map((item) => (
          <li key={`${item.kind}:${item.profileId ?? ''}:${item.itemId}`} className="case-item">
            <span className={`case-item-kind case-kind-${item.kind}`}>{t(`cases.itemKinds.${item.kind}`)}</span>
            {item.target ? (
              <button type="button" className="link-button case-item-title" title={t('cases.items.open', { label: labelOf(item) })} onClick={() => navigate(item.target!)}>
                <bdi>{labelOf(item)}</bdi>
              </button>
            ) : (
              <span className="case-item-title">
                <bdi>{labelOf(item)}</bdi>
              </span>
            )}
            <span className="mono muted case-item-address">{item.address && item.kind !== 'address' ? item.address : ''}</span>
            <span className="case-item-actions">
              <button type="button" className="icon-button" aria-label={t('cases.items.move', { label: labelOf(item) })} title={t('cases.items.move', { label: labelOf(item) })} disabled={detail.mergedInto !== null} onClick={() => setMoving(item)}>
                ⇄
              </button>
              <button
                type="button"
                className="icon-button"
                aria-label={t('cases.items.remove', { label: labelOf(item) })}
                title={t('cases.items.remove', { label: labelOf(item) })}
                disabled={detail.mergedInto !== null}
                onClick={() => moveItems.mutate({ caseId: detail.id, items: [{ kind: item.kind, profileId: item.profileId, itemId: item.itemId }] })}
              >
                ×
              </button>
            </span>
          </li>
        ))}
      </ul>
      {total > rows.length && (
        <button type="button" className="link-button" onClick={() => setLimit((shown) => shown + PAGE * 4)}>
          {t('cases.items.more', { count: total - rows.length })}
        </button>
      )}
      {moveItems.error && <ErrorNotice error={moveItems.error} title={t('cases.move.failed')} />}
      {moving && <MoveItemDialog detail={detail} item={moving} label={labelOf(moving)} onClose={() => setMoving(null)} />}
    </section>
  );
}

function MoveItemDialog({ detail, item, label, onClose }: { detail: CaseDetail; item: CaseItem; label: string; onClose(): void }) {
  const { t } = useTranslation();
  const others = useOtherCases(detail.id);
  const { moveItems } = useCaseWrites();
  const [to, setTo] = useState('');
  const choices = others.data ?? [];
  const chosen = to || choices[0]?.id || '';
  return (
    <Dialog title={t('cases.move.title', { label })} onClose={onClose}>
      <form
        className="case-form"
        onSubmit={(event) => {
          event.preventDefault();
          void moveItems.mutateAsync({ caseId: detail.id, items: [{ kind: item.kind, profileId: item.profileId, itemId: item.itemId }], toCaseId: chosen }).then(onClose, () => undefined);
        }}
      >
        {others.data && choices.length === 0 ? (
          <p className="muted">{t('cases.move.noOther')}</p>
        ) : (
          <FormField label={t('cases.move.to')}>
            <select value={chosen} data-autofocus onChange={(event) => setTo(event.target.value)}>
              {choices.map((found) => (
                <option key={found.id} value={found.id}>
                  {caseLabel(found)}
                </option>
              ))}
            </select>
          </FormField>
        )}
        {moveItems.error && <ErrorNotice error={moveItems.error} title={t('cases.move.failed')} />}
        <div className="dialog-actions">
          <button type="button" className="button" onClick={onClose}>
            {t('cases.create.cancel')}
          </button>
          <button type="submit" className="button-primary" disabled={chosen === '' || moveItems.isPending}>
            {t('cases.move.submit')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
