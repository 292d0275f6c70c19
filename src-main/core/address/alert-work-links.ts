// The work items made from alerts (table alert_work_links): the link is stored with the outbox
// write that creates the item, in one transaction, and learns the item's id from the write's answer.
import type { z } from 'zod';
import type { address } from '../../../src-preload/contract/address.ts';
import type { AlertWorkLink } from '../../../src-preload/contract/address.ts';
import type { Db } from '../db/database.ts';
import type { Clock } from '../lifecycle/clock.ts';
import type { Outbox, OutboxEntry } from '../outbox/outbox.ts';
import { readWorkItem } from '../support/work/work-wire.ts';
import { fieldsOf } from '../wire/read.ts';

type CreateAlertWorkItem = z.output<typeof address.calls.createAlertWorkItem.request>;

interface LinkRow {
  outbox_write_id: string;
  firewall_profile_id: string;
  alert_id: string;
  support_profile_id: string;
  work_id: string | null;
  created_at: string;
}

export interface AlertWorkLinksOptions {
  db: Db;
  outbox: Pick<Outbox, 'get'>;
  /** Creates the work item through the outbox; `alongside` stores the link with the write. */
  createWorkItem(request: { profileId: string; title: string; description?: string; priority?: string }, alongside: (writeId: string) => void): Promise<OutboxEntry>;
  clock: Clock;
}

export class AlertWorkLinks {
  readonly #options: AlertWorkLinksOptions;
  readonly #insert;
  readonly #byAlert;
  readonly #setWorkId;

  constructor(options: AlertWorkLinksOptions) {
    this.#options = options;
    const { db } = options;
    this.#insert = db.prepare<[string, string, string, string, string]>(
      'INSERT INTO alert_work_links (outbox_write_id, firewall_profile_id, alert_id, support_profile_id, created_at) VALUES (?, ?, ?, ?, ?)',
    );
    this.#byAlert = db.prepare<[string, string], LinkRow>(
      'SELECT * FROM alert_work_links WHERE firewall_profile_id = ? AND alert_id = ? ORDER BY created_at DESC, outbox_write_id',
    );
    this.#setWorkId = db.prepare<[string, string]>('UPDATE alert_work_links SET work_id = ? WHERE outbox_write_id = ?');
  }

  /** The work items made from an alert, newest first, each with its write's state until the server named the item. */
  list(profileId: string, alertId: string): AlertWorkLink[] {
    return this.#byAlert.all(profileId, alertId).map((row) => this.#toLink(row));
  }

  async create({ profileId, alertId, supportProfileId, title, description, priority }: CreateAlertWorkItem): Promise<AlertWorkLink> {
    const createdAt = new Date(this.#options.clock.now()).toISOString();
    const write = await this.#options.createWorkItem(
      { profileId: supportProfileId, title, ...(description && { description }), ...(priority && { priority }) },
      (writeId) => this.#insert.run(writeId, profileId, alertId, supportProfileId, createdAt),
    );
    return this.#toLink({ outbox_write_id: write.id, firewall_profile_id: profileId, alert_id: alertId, support_profile_id: supportProfileId, work_id: null, created_at: createdAt });
  }

  #toLink(row: LinkRow): AlertWorkLink {
    const write = row.work_id === null ? this.#options.outbox.get(row.outbox_write_id) : null;
    let workId = row.work_id;
    if (workId === null && write?.state === 'sent') {
      const fields = fieldsOf(write.response);
      workId = (fields && readWorkItem(fields)?.id) ?? null;
      if (workId !== null) this.#setWorkId.run(workId, row.outbox_write_id);
    }
    return { firewallProfileId: row.firewall_profile_id, alertId: row.alert_id, supportProfileId: row.support_profile_id, write, workId, createdAt: row.created_at };
  }
}
