import { useCallback, useState } from 'react';
import type { IpcError, IpcResult } from '../../../../src-shared/contract/define.ts';
import type { OutboxEntry } from '../../../../src-shared/contract/outbox.ts';
import { useConfirmedWrite } from '../../outbox/index.ts';

export interface SupportWrites {
  /**
   * Asks once when the key is LIVE (`words` say what will happen), then hands the write to the
   * outbox; resolves with its entry (shown at once with its state), or null when the user said no
   * or main refused the request itself (`refusal`).
   */
  write(words: string, send: () => Promise<IpcResult<OutboxEntry>>): Promise<OutboxEntry | null>;
  /** The writes made here, newest first: each shown with its live state until the view closes. */
  entries: readonly OutboxEntry[];
  /** Main refused to take the write (a form field, a missing key): nothing was queued. */
  refusal: IpcError | null;
}

export function useSupportWrites(profileId: string): SupportWrites {
  const confirm = useConfirmedWrite(profileId);
  const [entries, setEntries] = useState<readonly OutboxEntry[]>([]);
  const [refusal, setRefusal] = useState<IpcError | null>(null);

  const write = useCallback(
    async (words: string, send: () => Promise<IpcResult<OutboxEntry>>) => {
      if (!(await confirm(words))) return null;
      const result = await send();
      if (!result.ok) {
        setRefusal(result.error);
        return null;
      }
      setRefusal(null);
      setEntries((current) => [result.data, ...current]);
      return result.data;
    },
    [confirm],
  );
  return { write, entries, refusal };
}
