import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CaseItemRef, CaseSeverity } from '../../../src-shared/contract/cases.ts';
import { ErrorNotice } from '../../ui/ErrorNotice.tsx';
import { useCloseOnOutsideClick } from '../../ui/use-close-on-outside-click.ts';
import { useWorkspaceStore } from '../../navigation/workspace-store.ts';
import { caseLabel, useActiveCases, useCaseWrites, useItemCases } from './cases-data.ts';
import { NewCaseDialog } from './NewCaseDialog.tsx';
import './cases.css';
import { useAnchoredPopover } from '../../ui/use-anchored-popover.ts';

/**
 * The cases an item is in, each a link to its tab, and "Add to case…": an open case, or a new one
 * holding the item. Shown wherever an item is (an alert's detail, a ticket, an address card, a
 * conversation, a block).
 */
export function ItemCases({ item, label, severity }: { item: CaseItemRef; label: string; severity?: CaseSeverity }) {
  const { t } = useTranslation();
  const cases = useItemCases(item);
  const navigate = useWorkspaceStore((state) => state.navigate);
  const [menuOpen, setMenuOpen] = useState(false);
  const [creating, setCreating] = useState(false);
  const held = cases.data ?? [];
  return (
    <section className="case-item-strip" aria-label={t('cases.item.region')}>
      <span className="case-item-label">{t('cases.item.inCases')}</span>
      {cases.data && held.length === 0 && <span className="muted">{t('cases.item.none')}</span>}
      {held.map((found) => (
        <button key={found.id} type="button" className="case-chip" title={t('cases.item.open', { case: found.number, title: found.title })} onClick={() => navigate({ kind: 'case', params: { caseId: found.id } })}>
          <span className="mono">#{found.number}</span> <span className="case-chip-title">{found.title}</span>
        </button>
      ))}
      <AddToCase item={item} label={label} heldIds={held.map((found) => found.id)} open={menuOpen} setOpen={setMenuOpen} onNew={() => setCreating(true)} />
      {cases.error && <ErrorNotice error={cases.error} title={t('cases.readFailed')} />}
      {creating && <NewCaseDialog from={{ items: [{ ...item, label }] }} suggestedTitle={label} {...(severity && { severity })} onClose={() => setCreating(false)} />}
    </section>
  );
}

function AddToCase({ item, label, heldIds, open, setOpen, onNew }: { item: CaseItemRef; label: string; heldIds: string[]; open: boolean; setOpen(open: boolean): void; onNew(): void }) {
  const { t } = useTranslation();
  const root = useRef<HTMLSpanElement>(null);
  const { anchor, popover } = useAnchoredPopover<HTMLButtonElement>();
  const active = useActiveCases();
  const { addItems } = useCaseWrites();
  const [said, setSaid] = useState<string | null>(null);
  useCloseOnOutsideClick(open, root, () => setOpen(false));
  const offered = (active.data?.rows ?? []).filter((found) => !heldIds.includes(found.id));
  const add = async (caseId: string, number: number) => {
    setOpen(false);
    const result = await addItems.mutateAsync({ caseId, items: [{ ...item, label }] }).catch(() => null);
    if (result) setSaid(result.added > 0 ? t('cases.item.added', { number }) : t('cases.item.already', { number }));
  };
  return (
    <span className="case-add" ref={root}>
      <button ref={anchor} type="button" className="link-button" aria-haspopup="menu" aria-expanded={open} onClick={() => setOpen(!open)}>
        {t('cases.item.addTo')}
      </button>
      {open && (
        <ul ref={popover} className="case-menu" role="menu" aria-label={t('cases.item.menu')}>
          <li role="presentation" className="case-menu-heading">
            {t('cases.item.recent')}
          </li>
          {active.data && offered.length === 0 && (
            <li role="presentation" className="muted case-menu-empty">
              {t('cases.item.noOpen')}
            </li>
          )}
          {offered.map((found) => (
            <li key={found.id} role="menuitem" tabIndex={-1} onClick={() => void add(found.id, found.number)} onKeyDown={(event) => event.key === 'Enter' && void add(found.id, found.number)}>
              {caseLabel(found)}
            </li>
          ))}
          <li
            role="menuitem"
            tabIndex={-1}
            className="case-menu-new"
            onClick={() => {
              setOpen(false);
              onNew();
            }}
            onKeyDown={(event) => {
              if (event.key !== 'Enter') return;
              setOpen(false);
              onNew();
            }}
          >
            {t('cases.item.newCase')}
          </li>
        </ul>
      )}
      {said && (
        <span role="status" className="muted">
          {said}
        </span>
      )}
      {addItems.error && <ErrorNotice error={addItems.error} title={t('cases.item.failed')} />}
    </span>
  );
}
