// The reply box's local data: canned replies (Settings) and each ticket's unsent text. Nothing here
// talks to the support server; a reply goes out only through `replyToTicket` and the outbox.
import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import type { CannedReply, cannedReplyInputSchema } from '../../../../src-shared/contract/replies.ts';
import { unknownVariables } from '../../../../src-shared/canned-replies.ts';
import type { Db } from '../../db/database.ts';
import { fieldError } from '../../english-text.ts';
import type { Clock } from '../../lifecycle/clock.ts';
import { UserFacingError } from '../../user-facing-error.ts';
import { CannedReplyRepository } from './canned-reply-repository.ts';
import { ReplyDraftRepository } from './reply-draft-repository.ts';

type CannedReplyInput = z.output<typeof cannedReplyInputSchema>;

export class ReplyBoxService {
  readonly #canned: CannedReplyRepository;
  readonly #drafts: ReplyDraftRepository;
  readonly #clock: Clock;
  readonly #isSupportProfile: (profileId: string) => boolean;

  constructor(db: Db, clock: Clock, isSupportProfile: (profileId: string) => boolean) {
    this.#canned = new CannedReplyRepository(db);
    this.#drafts = new ReplyDraftRepository(db);
    this.#clock = clock;
    this.#isSupportProfile = isSupportProfile;
  }

  cannedReplies(profileId?: string): CannedReply[] {
    return this.#canned.list(profileId);
  }

  saveCannedReply(input: CannedReplyInput): CannedReply {
    const unknown = unknownVariables(input.body);
    if (unknown.length > 0) {
      throw new UserFacingError({ code: 'bad_request', params: { context: 'invalid_input' }, fieldErrors: [fieldError('body', 'unknown_variable', { names: unknown.map((name) => `{{${name}}}`).join(', ') })] });
    }
    if (input.profileId !== null && !this.#isSupportProfile(input.profileId)) {
      throw new UserFacingError({ code: 'bad_request', params: { context: 'invalid_input' }, fieldErrors: [fieldError('profileId', 'invalid')] });
    }
    const holder = this.#canned.byShortcut(input.shortcut);
    if (holder && holder.id !== input.id) {
      throw new UserFacingError({ code: 'bad_request', params: { context: 'invalid_input' }, fieldErrors: [fieldError('shortcut', 'shortcut_taken', { shortcut: input.shortcut })] });
    }
    const now = new Date(this.#clock.now()).toISOString();
    const existing = input.id === undefined ? undefined : this.#canned.find(input.id);
    if (input.id !== undefined && !existing) throw new UserFacingError({ code: 'not_found', params: { context: 'canned_reply_gone' } });
    const reply: CannedReply = { id: existing?.id ?? randomUUID(), profileId: input.profileId, shortcut: input.shortcut, body: input.body, createdAt: existing?.createdAt ?? now, updatedAt: now };
    if (existing) this.#canned.update(reply);
    else this.#canned.insert(reply);
    return reply;
  }

  removeCannedReply(id: string): null {
    this.#canned.remove(id);
    return null;
  }

  replyDraft(profileId: string, ticketId: string): string {
    return this.#drafts.read(profileId, ticketId);
  }

  saveReplyDraft(profileId: string, ticketId: string, text: string): null {
    if (text.trim() === '') this.#drafts.forget(profileId, ticketId);
    else if (this.#isSupportProfile(profileId)) this.#drafts.write(profileId, ticketId, text, new Date(this.#clock.now()).toISOString());
    return null;
  }
}
