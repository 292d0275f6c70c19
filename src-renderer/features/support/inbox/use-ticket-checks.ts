import { useCallback, useState } from 'react';
import type { TICKET_BULK_LIMIT } from '../../../../src-shared/contract/support.ts';

/** As many as main takes in one bulk call; the contract's figure, checked by the compiler. */
export const BULK_LIMIT: typeof TICKET_BULK_LIMIT = 1000;

/**
 * The tickets checked for a bulk action: a click checks one, a shift-click every row from the
 * last one clicked, "select all" every ticket the filters match (up to the bulk limit).
 */
export function useTicketChecks(idAt: (index: number) => string | undefined) {
  const [checked, setChecked] = useState<ReadonlySet<string>>(new Set());
  const [anchor, setAnchor] = useState<number | null>(null);

  const toggle = useCallback(
    (index: number, range: boolean) => {
      const id = idAt(index);
      if (!id) return;
      setChecked((current) => {
        const next = new Set(current);
        const on = !current.has(id);
        const [from, to] = range && anchor !== null ? [Math.min(anchor, index), Math.max(anchor, index)] : [index, index];
        for (let at = from; at <= to && next.size <= BULK_LIMIT; at++) {
          const each = idAt(at);
          if (each === undefined) continue;
          if (on) next.add(each);
          else next.delete(each);
        }
        return next;
      });
      setAnchor(index);
    },
    [anchor, idAt],
  );

  // Stable, and no change when nothing is checked: every search clears the checks.
  const clear = useCallback(() => {
    setChecked((current) => (current.size === 0 ? current : new Set()));
    setAnchor(null);
  }, []);

  return {
    checked,
    toggle,
    checkAll: (ids: readonly string[]) => setChecked(new Set(ids.slice(0, BULK_LIMIT))),
    clear,
  };
}

export type TicketChecks = ReturnType<typeof useTicketChecks>;
