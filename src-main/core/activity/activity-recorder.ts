// How a feature tells the activity log what the analyst did: a draft (who, what, on what) and how it
// ended. Features depend on this port only, never on the log's store.
import type { ActivityAction, ActivityBackEnd, ActivityOutcome, ActivityTarget } from '../../../src-shared/contract/activity.ts';
import { ServiceFailure } from '../http/service-failure.ts';
import { UserFacingError } from '../user-facing-error.ts';

export interface ActivityDraft {
  profileId: string | null;
  backEnd: ActivityBackEnd;
  action: ActivityAction;
  target: ActivityTarget;
  proposedBy?: { conversationId: string } | undefined;
}

export interface ActivityResult {
  outcome: ActivityOutcome;
  requestId?: string | undefined;
  errorCode?: string | undefined;
}

export interface ActivityRecorder {
  record(draft: ActivityDraft, result: ActivityResult): void;
}

/** The name of a file the user saved, not the folders above it (they may name the user's home). */
export function savedFileName(path: string): string {
  return path.split(/[\\/]/).at(-1) ?? path;
}

/**
 * Runs an export that asks the user where to save: recorded once a file is written, named by its
 * file name; a dialog the user closed records nothing.
 */
export function recordedExport<T extends { path: string | null }>(recorder: ActivityRecorder | undefined, draft: ActivityDraft, run: () => Promise<T>): Promise<T> {
  return recorded(recorder, draft, run, {
    skip: (result) => result.path === null,
    refine: (result, given) => ({ ...given, target: { ...given.target, label: savedFileName(result.path!) } }),
  });
}

/** The code and request id a failure carries, whatever threw it. */
export function failureOf(error: unknown): { errorCode: string; requestId?: string } {
  const detail = error instanceof ServiceFailure ? error.serviceError : error instanceof UserFacingError ? error.detail : undefined;
  return { errorCode: detail?.code ?? 'internal', ...(detail?.requestId && { requestId: detail.requestId }) };
}

/**
 * Runs the action and records how it ended: sent (with the request id its answer carried) or failed
 * (with its code). `draft` may be built from the answer (a new item's id is known only then).
 * `skip` says an answer that did nothing worth recording (a save dialog the user closed).
 */
export async function recorded<T>(
  recorder: ActivityRecorder | undefined,
  draft: ActivityDraft,
  run: () => Promise<T>,
  after: { requestIdOf?: (result: T) => string | undefined; refine?: (result: T, draft: ActivityDraft) => ActivityDraft; skip?: (result: T) => boolean } = {},
): Promise<T> {
  let result: T;
  try {
    result = await run();
  } catch (error) {
    recorder?.record(draft, { outcome: 'failed', ...failureOf(error) });
    throw error;
  }
  if (recorder && !after.skip?.(result)) recorder.record(after.refine ? after.refine(result, draft) : draft, { outcome: 'sent', requestId: after.requestIdOf?.(result) });
  return result;
}
