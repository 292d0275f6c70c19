import type { KeyboardEvent } from 'react';
import type { InboxAction } from '../../../workspace/view-requests.ts';

/** The inbox's single-letter keys (as in Gmail and Chatwoot), listed in the palette with these letters. */
export const inboxKeys: Readonly<Record<InboxAction | 'check', string>> = { next: 'J', previous: 'K', reply: 'R', close: 'C', toggleRead: 'U', check: 'X' };

const TYPING = 'input:not([type="checkbox"]), textarea, select, [contenteditable="true"]';

/** The action a key press in the inbox asks for; none while the user types, holds a modifier, or a dialog is open. */
export function inboxActionOf(event: KeyboardEvent): InboxAction | 'check' | undefined {
  if (event.ctrlKey || event.metaKey || event.altKey) return undefined;
  if (event.target instanceof Element && event.target.closest(TYPING)) return undefined;
  if (document.querySelector('dialog[open]')) return undefined;
  const key = event.key.toUpperCase();
  return (Object.keys(inboxKeys) as (InboxAction | 'check')[]).find((action) => inboxKeys[action] === key);
}
