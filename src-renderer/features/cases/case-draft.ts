// The model's proposal in a case (a summary, the customer's update): asked of main, streamed as the
// support desk's drafts stream (the same task, Stop and end), then kept by the analyst where they
// choose: copied, as a note, or in the ticket's reply box (which sends nothing by itself).
import { useState } from 'react';
import type { IpcError } from '../../../src-shared/contract/define.ts';
import type { CaseDraftKind, CaseDraftStarted } from '../../../src-shared/contract/cases.ts';
import { useIpcMutation } from '../../data/ipc-query.ts';
import { useDraftStream, type DraftText } from '../assistant/index.ts';
import { replyDraftCalls } from '../replies/index.ts';
import { startCaseDraft } from './cases-data.ts';

export interface CaseDraft {
  kind: CaseDraftKind | null;
  started: CaseDraftStarted | null;
  refusal: IpcError | null;
  draft: DraftText;
  /** Asks for a proposal (again): what was shown goes. */
  ask(kind: CaseDraftKind): void;
  stop(): void;
  /** The proposal is put away: nothing of it stays. */
  discard(): void;
}

export function useCaseDraft(caseId: string): CaseDraft {
  const stream = useDraftStream();
  const [kind, setKind] = useState<CaseDraftKind | null>(null);
  const [started, setStarted] = useState<CaseDraftStarted | null>(null);
  const [refusal, setRefusal] = useState<IpcError | null>(null);
  return {
    kind,
    started,
    refusal,
    draft: stream.draft,
    ask(asked) {
      setKind(asked);
      setStarted(null);
      setRefusal(null);
      void stream.start((taskId) => startCaseDraft(caseId, asked, taskId)).then((answer) => (answer.ok ? setStarted(answer.data) : setRefusal(answer.error)));
    },
    stop: stream.stop,
    discard() {
      stream.clear();
      setKind(null);
      setStarted(null);
      setRefusal(null);
    },
  };
}

/**
 * Puts a text in a ticket's reply box as main keeps it, after what the box held: the ticket's tab
 * reads it when it is next shown, and the analyst sends it from there, or not.
 */
export function useReplyBoxInsert() {
  return useIpcMutation(async ({ profileId, ticketId, text }: { profileId: string; ticketId: string; text: string }) => {
    const held = await replyDraftCalls.read(profileId, ticketId);
    if (!held.ok) return held;
    return replyDraftCalls.save(profileId, ticketId, held.data.trim() === '' ? text : `${held.data.trimEnd()}\n\n${text}`);
  });
}
