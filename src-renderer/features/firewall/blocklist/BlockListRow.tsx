import { useCallback, useRef, useState } from 'react';
import type { KeyboardEvent, MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { BlockEntry } from '../../../../src-shared/contract/firewall.ts';
import { ActionMenu, type MenuAction } from '../../../ui/ActionMenu.tsx';
import { AddressText } from '../../../ui/AddressText.tsx';
import { Time } from '../../../ui/Time.tsx';
import { Remaining } from '../parts/Remaining.tsx';
import { cellText } from '../table/visible-text.ts';
import { PendingBlock } from './PendingBlock.tsx';
import { UnblockButton } from './UnblockDialog.tsx';

interface Props {
  entry: BlockEntry;
  now: number;
  checked: boolean;
  onCheck(range: boolean): void;
  operate: { allowed: boolean; reason?: string };
  onOpen(): void;
  onExtend(): void;
  onUnblock(): void;
}

/**
 * One block: its address, source, reason, where it stands (how long it lasts, or its write not sent
 * yet), when it was made; Open, Extend and Unblock show while the pointer or the focus is on the row,
 * and are always in its menu (the "…" button, a right click, Shift+F10).
 */
export function BlockListRow({ entry, now, checked, onCheck, operate, onOpen, onExtend, onUnblock }: Props) {
  const { t } = useTranslation();
  const [menuAt, setMenuAt] = useState<{ x: number; y: number } | null>(null);
  const more = useRef<HTMLButtonElement>(null);
  // A block not sent yet stands nowhere to extend or lift: its write's Retry and Discard are in its state.
  const standing = entry.pending?.change !== 'block';
  const actions: MenuAction[] = [
    { id: 'open', label: t('firewall.blocklist.open'), onSelect: onOpen },
    ...(standing
      ? [
          { id: 'extend', label: t('firewall.blocklist.extendAsk'), onSelect: onExtend, disabled: !operate.allowed, title: operate.reason },
          { id: 'unblock', label: t('firewall.blocklist.unblockAsk'), onSelect: onUnblock, disabled: !operate.allowed, title: operate.reason },
        ]
      : []),
  ];
  const openBesideButton = () => {
    const corner = more.current?.getBoundingClientRect();
    if (corner) setMenuAt({ x: corner.right, y: corner.bottom });
  };
  const closeMenu = useCallback(() => {
    setMenuAt(null);
    more.current?.focus();
  }, []);
  const onKeyDown = (event: KeyboardEvent) => {
    if ((event.shiftKey && event.key === 'F10') || event.key === 'ContextMenu') {
      event.preventDefault();
      openBesideButton();
    }
  };
  const onContextMenu = (event: MouseEvent) => {
    event.preventDefault();
    setMenuAt({ x: event.clientX, y: event.clientY });
  };

  return (
    <tr aria-label={t('firewall.blocklist.row', { ip: entry.ip })} className={checked ? 'vt-row-checked' : undefined} onKeyDown={onKeyDown} onContextMenu={onContextMenu}>
      <td className="fw-list-check">
        <input
          type="checkbox"
          aria-label={t('firewall.blocklist.bulk.check', { ip: entry.ip })}
          checked={checked}
          onChange={(event) => onCheck((event.nativeEvent as globalThis.MouseEvent).shiftKey)}
        />
      </td>
      <td>
        <bdi>
          <AddressText text={entry.ip} show={(piece) => cellText(piece, 64)} />
        </bdi>
      </td>
      <td>{entry.source ? <span className="badge badge-source">{cellText(entry.source, 20)}</span> : null}</td>
      <td className="fw-wrap">
        <bdi>
          <AddressText text={entry.reason ?? ''} show={cellText} />
        </bdi>
      </td>
      <td className="fw-block-state">
        <Remaining entry={entry} now={now} />
        {entry.pending && <PendingBlock pending={entry.pending} />}
      </td>
      <td className="fw-one-line">{entry.createdAt ? <Time value={entry.createdAt} compact /> : null}</td>
      <td className="fw-block-actions">
        <span className="fw-row-hover">
          <button type="button" className="button" aria-label={t('firewall.blocklist.openNamed', { ip: entry.ip })} onClick={onOpen}>
            {t('firewall.blocklist.open')}
          </button>
          {standing && (
            <>
              <button type="button" className="button" disabled={!operate.allowed} title={operate.reason} aria-label={t('firewall.blocklist.extendNamed', { ip: entry.ip })} onClick={onExtend}>
                {t('firewall.blocklist.extend')}
              </button>
              <UnblockButton ip={entry.ip} operate={operate} onClick={onUnblock} />
            </>
          )}
        </span>
        <button
          ref={more}
          type="button"
          className="fw-row-more"
          aria-haspopup="menu"
          aria-expanded={menuAt !== null}
          aria-label={t('firewall.blocklist.actionsFor', { ip: entry.ip })}
          title={t('firewall.blocklist.actionsFor', { ip: entry.ip })}
          // The menu closes on a press outside it: this button's own press would close it only for its click to open it again.
          onMouseDown={(event) => menuAt && event.stopPropagation()}
          onClick={() => (menuAt ? setMenuAt(null) : openBesideButton())}
        >
          ⋯
        </button>
        {menuAt && <ActionMenu label={t('firewall.blocklist.row', { ip: entry.ip })} actions={actions} at={menuAt} onClose={closeMenu} />}
      </td>
    </tr>
  );
}
