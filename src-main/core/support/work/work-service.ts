// After-sales work items (support.md part 2): the cached list and detail, and the writes
// (`work-writes.ts`) through the outbox.
import type { z } from 'zod';
import type { OutboxEntry } from '../../../../src-shared/contract/outbox.ts';
import type { createWorkItemSchema, FollowUpKind, WorkItemDetail, WorkItemRow, WorkQuery, WorkStatus } from '../../../../src-shared/contract/support.ts';
import type { CachedPage } from '../../../../src-shared/contract/pages.ts';
import { workQuerySchema } from '../../../../src-shared/contract/support.ts';
import type { Db } from '../../db/database.ts';
import { followedDetail, RecordCache, type RecordCacheShared } from '../record-cache.ts';
import { WorkRepository, type CachedWorkItem, type WorkFilter } from './work-repository.ts';
import { readWorkItem, type WireWorkItem } from './work-wire.ts';
import { createWorkItemWrite, addWorkFollowUpWrite, setWorkStatusWrite } from './work-writes.ts';

export class WorkService extends RecordCache<'work', WireWorkItem, WorkItemRow, WorkFilter, CachedWorkItem, WorkItemDetail> {
  readonly #shared: RecordCacheShared;

  constructor(db: Db, shared: RecordCacheShared) {
    super({ ...shared, resource: 'work', path: '/work', writeKind: 'work', followUpAction: 'addWorkFollowUp', read: readWorkItem, repository: new WorkRepository(db), toDetail: followedDetail });
    this.#shared = shared;
  }

  list(request: WorkQuery): CachedPage<WorkItemRow> {
    const { profileId, status, priority, contactId, ticketId, text, offset, limit } = workQuerySchema.parse(request);
    return this.page(profileId, { status, priority, contactId, ticketId, text }, offset, limit);
  }

  /** `alongside` stores a link to the write (an alert's) in the transaction that stores it. */
  createWorkItem(request: z.output<typeof createWorkItemSchema>, alongside?: (writeId: string) => void): Promise<OutboxEntry> {
    return this.#shared.outbox.submit(createWorkItemWrite(request), alongside);
  }

  setWorkStatus(profileId: string, workId: string, status: WorkStatus): Promise<OutboxEntry> {
    return this.#shared.outbox.submit(setWorkStatusWrite(profileId, workId, status));
  }

  addWorkFollowUp(profileId: string, workId: string, kind: FollowUpKind | undefined, note: string): Promise<OutboxEntry> {
    return this.#shared.outbox.submit(addWorkFollowUpWrite(profileId, workId, kind, note));
  }
}
