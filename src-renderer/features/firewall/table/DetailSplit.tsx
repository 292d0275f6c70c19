import { useLayoutEffect, useRef, useState } from 'react';
import type { CSSProperties, KeyboardEvent, PointerEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { emptyLayout, useTableLayoutStore } from '../../../ui/table-layout-store.ts';
import { RoomBesideDetail } from './use-table-columns.ts';

const DEFAULT_WIDTH = 380;
const NARROWEST = 280;
/** The table keeps at least this much of the row: the detail is beside it, not over it. */
const TABLE_KEEPS = 360;
const KEY_STEP = 24;
/** The splitter's column (firewall.css), and the table's border and scroll bar: what the table's columns cannot use. */
const NOT_FOR_COLUMNS = 12 + 24;

interface Props {
  /** The table whose layout remembers the detail's width. */
  tableId: string;
  table: ReactNode;
  /** The open detail, or null. */
  detail: ReactNode;
}

/**
 * A table and, when one is open, its detail beside it, split by an edge the analyst drags (or moves
 * with ←/→); the width is remembered, and the table learns the room it has beside the detail.
 */
export function DetailSplit({ tableId, table, detail }: Props) {
  const { t } = useTranslation();
  const saved = useTableLayoutStore((state) => state.tables[tableId]?.detailWidth) ?? DEFAULT_WIDTH;
  const change = useTableLayoutStore((state) => state.change);
  const [dragging, setDragging] = useState<{ startX: number; startWidth: number } | null>(null);
  const box = useRef<HTMLDivElement>(null);
  const [boxWidth, setBoxWidth] = useState<number>();
  useLayoutEffect(() => {
    const observer = new ResizeObserver(([entry]) => setBoxWidth(Math.round(entry!.contentRect.width)));
    observer.observe(box.current!);
    return () => observer.disconnect();
  }, []);

  const setWidth = (width: number) => {
    const room = (box.current?.clientWidth ?? width + TABLE_KEEPS) - TABLE_KEEPS;
    const detailWidth = Math.round(Math.max(NARROWEST, Math.min(width, Math.max(NARROWEST, room))));
    change(tableId, (layout) => ({ ...(layout ?? emptyLayout), detailWidth }));
  };
  const onPointerMove = (event: PointerEvent) => {
    // The detail is on the right: dragging its edge left widens it.
    if (dragging) setWidth(dragging.startWidth + dragging.startX - event.clientX);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const step = event.key === 'ArrowLeft' ? KEY_STEP : event.key === 'ArrowRight' ? -KEY_STEP : 0;
    if (step === 0) return;
    event.preventDefault();
    setWidth(saved + step);
  };

  return (
    <div ref={box} className={detail ? 'fw-split fw-split-open' : 'fw-split'} style={{ '--detail-width': `${saved}px` } as CSSProperties}>
      <RoomBesideDetail value={boxWidth === undefined ? undefined : boxWidth - saved - NOT_FOR_COLUMNS}>{table}</RoomBesideDetail>
      {detail && (
        <>
          <div
            role="separator"
            aria-orientation="vertical"
            aria-label={t('firewall.table.detailWidth')}
            aria-valuenow={saved}
            tabIndex={0}
            className={dragging ? 'fw-splitter fw-splitter-dragging' : 'fw-splitter'}
            onPointerDown={(event) => {
              event.currentTarget.setPointerCapture(event.pointerId);
              setDragging({ startX: event.clientX, startWidth: saved });
            }}
            onPointerMove={onPointerMove}
            onPointerUp={() => setDragging(null)}
            onPointerCancel={() => setDragging(null)}
            onDoubleClick={() => setWidth(DEFAULT_WIDTH)}
            onKeyDown={onKeyDown}
          />
          {detail}
        </>
      )}
    </div>
  );
}
