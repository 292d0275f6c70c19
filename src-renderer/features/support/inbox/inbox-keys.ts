import { useEffect, useRef, type RefObject } from 'react';
import type { InboxAction } from '../../../navigation/view-requests.ts';

/** The inbox's single-letter keys (as in Gmail and Chatwoot), listed in the palette with these letters. */
export const inboxKeys: Readonly<Record<InboxAction | 'check', string>> = { next: 'J', previous: 'K', reply: 'R', close: 'C', toggleRead: 'U', check: 'X' };

const TYPING = 'input:not([type="checkbox"]), textarea, select, [contenteditable="true"]';

/** The action a key press asks for; none while the user types, holds a modifier, or a dialog or the palette is open. */
function inboxActionOf(event: KeyboardEvent): InboxAction | 'check' | undefined {
  if (event.ctrlKey || event.metaKey || event.altKey || event.defaultPrevented) return undefined;
  if (event.target instanceof Element && event.target.closest(TYPING)) return undefined;
  if (document.querySelector('dialog[open], [role="dialog"][aria-modal="true"]')) return undefined;
  const key = event.key.toUpperCase();
  return (Object.keys(inboxKeys) as (InboxAction | 'check')[]).find((action) => inboxKeys[action] === key);
}

/**
 * The inbox's keys while it is on screen: pressed in it, or with the focus nowhere in particular
 * (after a click on a thread's text), not while another tab or a field has the keyboard.
 */
export function useInboxKeys(root: RefObject<HTMLElement | null>, act: (action: InboxAction | 'check') => void): void {
  const latest = useRef(act);
  useEffect(() => {
    latest.current = act;
  });
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const element = root.current;
      if (!element?.offsetParent) return;
      if (event.target !== document.body && !(event.target instanceof Node && element.contains(event.target))) return;
      const action = inboxActionOf(event);
      if (!action) return;
      event.preventDefault();
      latest.current(action);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [root]);
}
