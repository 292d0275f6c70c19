import { useRef } from 'react';
import type { KeyboardEvent, PointerEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { create } from 'zustand';

/** The widths the analyst dragged the list and the contact pane to; the thread takes the rest. Kept while the window is open. */
interface PaneWidths {
  list: number;
  contact: number;
  set(pane: 'list' | 'contact', width: number): void;
}

const LIMITS = { list: { min: 280, max: 760 }, contact: { min: 200, max: 480 } } as const;
const KEY_STEP = 24;

export const usePaneWidths = create<PaneWidths>()((set) => ({
  list: 400,
  contact: 260,
  set: (pane, width) => set({ [pane]: Math.round(Math.max(LIMITS[pane].min, Math.min(LIMITS[pane].max, width))) }),
}));

interface Props {
  list: ReactNode;
  thread: ReactNode;
  contact: ReactNode;
}

/** The inbox side by side: list, thread and contact, the two edges between them dragged (or moved with ←/→) to resize. */
export function SplitPanes({ list, thread, contact }: Props) {
  const widths = usePaneWidths();
  return (
    // Where the window is too narrow for the widths dragged to, the list and contact give way down to their least before the thread does.
    <div className="inbox-split" style={{ gridTemplateColumns: `minmax(${LIMITS.list.min}px, ${widths.list}px) auto minmax(320px, 1fr) auto minmax(${LIMITS.contact.min}px, ${widths.contact}px)` }}>
      <div className="inbox-pane inbox-pane-list">{list}</div>
      <PaneEdge pane="list" />
      <div className="inbox-pane inbox-pane-thread">{thread}</div>
      <PaneEdge pane="contact" />
      <div className="inbox-pane inbox-pane-contact">{contact}</div>
    </div>
  );
}

/** A drag handle between two panes: the list's right edge, or the contact pane's left one (dragging left widens it). */
function PaneEdge({ pane }: { pane: 'list' | 'contact' }) {
  const { t } = useTranslation();
  const width = usePaneWidths((state) => state[pane]);
  const setWidth = usePaneWidths((state) => state.set);
  const drag = useRef<{ x: number; width: number } | null>(null);
  const direction = pane === 'list' ? 1 : -1;

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = { x: event.clientX, width };
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (drag.current) setWidth(pane, drag.current.width + direction * (event.clientX - drag.current.x));
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = event.key === 'ArrowRight' ? KEY_STEP : event.key === 'ArrowLeft' ? -KEY_STEP : 0;
    if (step === 0) return;
    event.preventDefault();
    setWidth(pane, width + direction * step);
  };
  return (
    <div
      className="inbox-edge"
      role="separator"
      aria-orientation="vertical"
      aria-label={t(`support.inbox.resize.${pane}`)}
      aria-valuenow={width}
      aria-valuemin={LIMITS[pane].min}
      aria-valuemax={LIMITS[pane].max}
      tabIndex={0}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={() => (drag.current = null)}
      onKeyDown={onKeyDown}
    />
  );
}
