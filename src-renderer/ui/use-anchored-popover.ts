import { autoUpdate, computePosition, flip, offset, shift, size, type Placement, type VirtualElement } from '@floating-ui/dom';
import { useCallback, useRef } from 'react';

/** Room kept between a popover and the window's edge. */
const EDGE_PX = 8;

/**
 * A menu or popover placed beside its anchor and kept inside the window: it flips to the other side
 * when the preferred one lacks room, slides along the edge, and scrolls within the height left
 * (Floating UI). Positioned `fixed`, so no scrolling box or dialog around it clips it. The returned
 * `popover` is the popover's ref; `anchor` the button's, unless it opens `at` a point.
 */
export function useAnchoredPopover<Anchor extends HTMLElement>(placement: Placement = 'bottom-start', at?: { x: number; y: number }) {
  const anchor = useRef<Anchor>(null);
  const x = at?.x;
  const y = at?.y;
  const popover = useCallback(
    (element: HTMLElement | null) => {
      // A context menu opens at the pointer: its anchor is that point.
      const reference: Element | VirtualElement | null =
        x !== undefined && y !== undefined ? { getBoundingClientRect: () => DOMRect.fromRect({ x, y, width: 0, height: 0 }) } : anchor.current;
      if (!element || !reference) return undefined;
      Object.assign(element.style, { position: 'fixed', inset: 'auto', margin: '0' });
      const place = () =>
        void computePosition(reference, element, {
          strategy: 'fixed',
          placement,
          middleware: [
            offset(4),
            flip({ padding: EDGE_PX }),
            shift({ padding: EDGE_PX }),
            size({
              padding: EDGE_PX,
              apply: ({ availableHeight, availableWidth }) => {
                Object.assign(element.style, { maxHeight: `${Math.floor(availableHeight)}px`, maxWidth: `${Math.floor(availableWidth)}px` });
              },
            }),
          ],
        }).then(({ x, y }) => Object.assign(element.style, { left: `${x}px`, top: `${y}px` }));
      return autoUpdate(reference, element, place);
    },
    [placement, x, y],
  );
  return { anchor, popover };
}
