import { useCallback, useEffect, useRef, useState } from 'react';
import type { IpcError, IpcResult } from '../../../src-shared/contract/define.ts';
import type { AnswerOutcome } from '../../../src-shared/contract/gateway.ts';
import { useGoingOutOfView } from '../../navigation/tab-in-view.ts';
import { followDraft, stopDraft } from './assistant-data.ts';

/** A drafted text as it streams: what arrived so far, and how it ended. */
export type DraftText =
  | { state: 'idle' }
  | { state: 'streaming'; taskId: string; text: string }
  | { state: 'ended'; text: string; outcome: AnswerOutcome; error?: IpcError };

export interface DraftStream {
  draft: DraftText;
  /**
   * Starts a draft under a new task id: `ask` calls main with it; the text arrives as it streams.
   * Resolves with main's answer to the call (the hits, the model), or its refusal.
   */
  start<T>(ask: (taskId: string) => Promise<IpcResult<T>>): Promise<IpcResult<T>>;
  /** Stops the draft under way; what arrived stays. */
  stop(): void;
  /** Forgets the draft shown (after it was kept elsewhere, or closed). */
  clear(): void;
}

/**
 * One draft at a time: its batches and its end, followed from before it starts so none is missed,
 * by the draft itself rather than by an effect: a tab out of view runs no effects (`<Activity>` in
 * workspace/Workspace.tsx), and a draft asked for before the analyst looked at another tab is
 * still writing, or has ended, when they come back.
 */
export function useDraftStream(): DraftStream {
  const [draft, setDraft] = useState<DraftText>({ state: 'idle' });
  const current = useRef<string | null>(null);
  // Stop clicked while main still searched: the answer starts after that, so it is stopped then.
  const stopAsked = useRef(false);
  const goingOutOfView = useGoingOutOfView();

  useEffect(
    () => () => {
      // A draft still streaming when its view closes is stopped: nobody would see its end.
      if (current.current && !goingOutOfView()) void stopDraft(current.current);
    },
    [goingOutOfView],
  );

  const follow = useCallback(
    (taskId: string) =>
      followDraft(
        taskId,
        (content) => setDraft((shown) => (shown.state === 'streaming' && shown.taskId === taskId ? { ...shown, text: shown.text + content } : shown)),
        (ended) => {
          if (current.current !== taskId) return;
          current.current = null;
          setDraft({ state: 'ended', text: ended.content, outcome: ended.outcome, ...(ended.error && { error: ended.error }) });
        },
      ),
    [],
  );

  const start = useCallback(async <T,>(ask: (taskId: string) => Promise<IpcResult<T>>) => {
    if (current.current) void stopDraft(current.current);
    const taskId = crypto.randomUUID();
    current.current = taskId;
    stopAsked.current = false;
    setDraft({ state: 'streaming', taskId, text: '' });
    const unfollow = follow(taskId);
    const answer = await ask(taskId);
    // A refusal starts no draft, so no end will come.
    if (!answer.ok) unfollow();
    if (current.current !== taskId) return answer;
    if (!answer.ok) {
      current.current = null;
      setDraft({ state: 'idle' });
    } else if (stopAsked.current) {
      void stopDraft(taskId);
    }
    return answer;
  }, [follow]);

  const stop = useCallback(() => {
    if (!current.current) return;
    stopAsked.current = true;
    void stopDraft(current.current);
  }, []);

  const clear = useCallback(() => {
    if (current.current) void stopDraft(current.current);
    current.current = null;
    setDraft({ state: 'idle' });
  }, []);

  return { draft, start, stop, clear };
}
