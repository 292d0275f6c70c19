import { z } from 'zod';
import { call, event, type IpcError } from './define.ts';

export const outboxStates = ['sending', 'queued', 'failed', 'sent', 'discarded'] as const;
export type OutboxState = (typeof outboxStates)[number];

/** What the user did, worded by the window: a catalog key under `outbox.actions.` and its params. */
export interface OutboxAction {
  code: string;
  params?: Record<string, string | number>;
}

/** One write the user made, as the outbox keeps it until it is sent or discarded. Never its body or its key. */
export interface OutboxEntry {
  id: string;
  profileId: string;
  service: string;
  /** Writes with the same object key go out one at a time, in order: 'ticket:42', 'contact:new'. */
  objectKey: string;
  action: OutboxAction;
  state: OutboxState;
  /** Why it is queued or failed (offline with reason, 5xx, 429…). */
  error: IpcError | null;
  attempts: number;
  createdAt: string;
  updatedAt: string;
  /** The server's answer (the envelope's data) once sent. */
  response?: unknown;
  /** The id the server gave the answer that sent it, on the change that tells it was sent (not kept by the outbox). */
  requestId?: string;
}

const id = z.string().min(1).max(64);

export const outbox = {
  calls: {
    /** The writes of one profile (or all), newest first; `states` narrows them (the panel asks for the unfinished ones). */
    list: call<OutboxEntry[]>()(
      z.object({ profileId: id.optional(), states: z.array(z.enum(outboxStates)).max(outboxStates.length).optional() }).default({}),
    ),
    /** One write by id, in whatever state it is (a write chip's first look); null once it is gone. */
    get: call<OutboxEntry | null>()(z.object({ id })),
    /** Sends a queued or failed write again now, with the same Idempotency-Key. */
    retry: call<OutboxEntry>()(z.object({ id })),
    /** Gives up a queued or failed write: it will never be sent. */
    discard: call<OutboxEntry>()(z.object({ id })),
  },
  events: {
    /** A write changed state (made, sent, queued, failed, retried, discarded). */
    changed: event<OutboxEntry>(),
  },
};
