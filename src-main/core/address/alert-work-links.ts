// The work items made from alerts (table alert_work_links): the link is stored with the outbox
// write that creates the item, in one transaction, and learns the item's id from the write's answer.
import type { z } from 'zod';
import type { address } from '../../../src-shared/contract/address.ts';
import type { AlertsWorkItem, AlertWorkLink } from '../../../src-shared/contract/address.ts';
import type { Db } from '../db/database.ts';
import type { Clock } from '../lifecycle/clock.ts';
import type { Disposable } from '../lifecycle/disposable.ts';
import type { Outbox, OutboxEntry } from '../outbox/outbox.ts';
import { readWorkItem } from '../support/work/work-wire.ts';
import { fieldsOf } from '../wire/read.ts';

type CreateAlertWorkItem = z.output<typeof address.calls.createAlertWorkItem.request>;
type CreateAlertsWorkItem = z.output<typeof address.calls.createAlertsWorkItem.request>;

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
  outbox: Pick<Outbox, 'get' | 'onChanged'>;
  /** Creates the work item through the outbox; `alongside` stores the link with the write. */
  createWorkItem(request: { profileId: string; title: string; description?: string; priority?: string }, alongside: (writeId: string) => void): Promise<OutboxEntry>;
  clock: Clock;
}

export class AlertWorkLinks implements Disposable {
  readonly #options: AlertWorkLinksOptions;
  readonly #insert;
  readonly #byAlert;
  readonly #byWork;
  readonly #setWorkId;
  readonly #outboxSubscription: Disposable;

  constructor(options: AlertWorkLinksOptions) {
    this.#options = options;
    const { db } = options;
    this.#insert = db.prepare<[string, string, string, string, string]>(
      'INSERT INTO alert_work_links (outbox_write_id, firewall_profile_id, alert_id, support_profile_id, created_at) VALUES (?, ?, ?, ?, ?)',
    );
    this.#byAlert = db.prepare<[string, string], LinkRow>(
      'SELECT * FROM alert_work_links WHERE firewall_profile_id = ? AND alert_id = ? ORDER BY created_at DESC, outbox_write_id',
    );
    this.#byWork = db.prepare<[string, string], LinkRow>('SELECT * FROM alert_work_links WHERE support_profile_id = ? AND work_id = ? ORDER BY created_at DESC');
    this.#setWorkId = db.prepare<[string, string]>('UPDATE alert_work_links SET work_id = ? WHERE outbox_write_id = ? AND work_id IS NULL');
    // The item's id arrives with the write's answer, whenever the outbox sends it (at once, or after being offline).
    this.#outboxSubscription = options.outbox.onChanged((entry) => {
      if (entry.state === 'sent' && entry.action.code === 'createWorkItem') this.#learnWorkId(entry);
    });
  }

  dispose(): void {
    this.#outboxSubscription.dispose();
  }

  /** The alerts a work item was made from, newest first. */
  listForWorkItem(supportProfileId: string, workId: string): AlertWorkLink[] {
    return this.#byWork.all(supportProfileId, workId).map((row) => this.#toLink(row));
  }

  /** The work items made from an alert, newest first, each with its write's state until the server named the item. */
  list(profileId: string, alertId: string): AlertWorkLink[] {
    return this.#byAlert.all(profileId, alertId).map((row) => this.#toLink(row));
  }

  async create({ alertId, ...request }: CreateAlertWorkItem): Promise<AlertWorkLink> {
    const { write, createdAt } = await this.#createLinked({ ...request, alertIds: [alertId] });
    return this.#toLink({ outbox_write_id: write.id, firewall_profile_id: request.profileId, alert_id: alertId, support_profile_id: request.supportProfileId, work_id: null, created_at: createdAt });
  }

  /** One work item for many alerts: one write, and a link from each alert (a repeated id counts once). */
  async createForAlerts(request: CreateAlertsWorkItem): Promise<AlertsWorkItem> {
    const alertIds = [...new Set(request.alertIds)];
    const { write } = await this.#createLinked({ ...request, alertIds });
    return { write, alerts: alertIds.length };
  }

  async #createLinked({ profileId, alertIds, supportProfileId, title, description, priority }: CreateAlertsWorkItem): Promise<{ write: OutboxEntry; createdAt: string }> {
    const createdAt = new Date(this.#options.clock.now()).toISOString();
    const write = await this.#options.createWorkItem(
      { profileId: supportProfileId, title, ...(description && { description }), ...(priority && { priority }) },
      (writeId) => {
        for (const alertId of alertIds) this.#insert.run(writeId, profileId, alertId, supportProfileId, createdAt);
      },
    );
    return { write, createdAt };
  }

  /** The work item's id from a sent write's answer, kept on its link; null until the server named it. */
  #learnWorkId(write: OutboxEntry): string | null {
    const fields = fieldsOf(write.response);
    const workId = (fields && readWorkItem(fields)?.id) ?? null;
    if (workId !== null) this.#setWorkId.run(workId, write.id);
    return workId;
  }

  #toLink(row: LinkRow): AlertWorkLink {
    const write = row.work_id === null ? this.#options.outbox.get(row.outbox_write_id) : null;
    const workId = row.work_id ?? (write?.state === 'sent' ? this.#learnWorkId(write) : null);
    return { firewallProfileId: row.firewall_profile_id, alertId: row.alert_id, supportProfileId: row.support_profile_id, write, workId, createdAt: row.created_at };
  }
}
