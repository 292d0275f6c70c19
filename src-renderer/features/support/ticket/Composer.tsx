import { useState } from 'react';
import type { FormEvent } from 'react';
import type { IpcResult } from '../../../../src-shared/contract/define.ts';
import type { OutboxEntry } from '../../../../src-shared/contract/outbox.ts';
import type { SupportScope } from '../../../../src-shared/contract/support.ts';
import { ScopeGate } from '../access/ScopeGate.tsx';
import { useSupportAccess } from '../access/use-support-access.ts';
import { Field } from '../lists/Field.tsx';
import type { SupportWrites } from '../lists/use-support-writes.ts';

export interface ComposerProps {
  label: string;
  help: string;
  action: string;
  profileId: string;
  scope: SupportScope;
  writes: SupportWrites;
  send(text: string): Promise<IpcResult<OutboxEntry>>;
  /** The text held outside (a draft streams into it); the composer keeps its own otherwise. */
  text?: string;
  onTextChange?(text: string): void;
  /** A draft is still arriving: the box is read-only and nothing can be sent. */
  locked?: boolean;
}

/** A text sent into a ticket's thread through the outbox, once the analyst clicks or presses Ctrl/Cmd+Enter. */
export function Composer({ label, help, action, profileId, scope, writes, send, text: heldText, onTextChange, locked = false }: ComposerProps) {
  const lacksScope = useSupportAccess(profileId).allows(scope) === false;
  const [ownText, setOwnText] = useState('');
  const text = heldText ?? ownText;
  const setText = onTextChange ?? setOwnText;
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (locked || busy || text.trim() === '') return;
    setBusy(true);
    const entry = await writes.write(action, () => send(text));
    setBusy(false);
    if (entry) setText('');
  };
  return (
    <form className="si-composer" onSubmit={(event) => void submit(event)}>
      <Field label={label} name="text" refusal={null} help={help}>
        <textarea value={text} rows={locked || text.length > 120 ? 8 : 3} disabled={lacksScope} readOnly={locked} aria-busy={locked} onChange={(event) => setText(event.target.value)} onKeyDown={(event) => {
            if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) void submit(event);
          }} />
      </Field>
      <ScopeGate profileId={profileId} scope={scope}>
        <button type="submit" className="button-primary" disabled={busy || locked || text.trim() === ''}>
          {action}
        </button>
      </ScopeGate>
    </form>
  );
}
