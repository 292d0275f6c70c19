import type { Migration } from './migration.ts';

/**
 * Action codes as they were before each write took its contract call's name (docs/architecture.md,
 * "Words used in the code"), and the name they have since. Frozen with this migration: a case file
 * exported before it is read through the same table (core/cases/case-handover.ts).
 */
export const renamedActionCodes: ReadonlyMap<string, string> = new Map(Object.entries({
  replyTicket: 'replyToTicket',
  addVisitorMessage: 'sendVisitorMessage',
  changeContactStatus: 'setContactStatus',
  changeWorkItemStatus: 'setWorkStatus',
  addWorkItemFollowUp: 'addWorkFollowUp',
  createBlockEntry: 'block',
  deleteBlockEntry: 'unblock',
  createAllowEntry: 'addAllow',
  deleteAllowEntry: 'removeAllow',
  createDomainRule: 'addDomainRule',
  deleteDomainRule: 'removeDomainRule',
  createReport: 'generateReport',
  generateImage: 'generateImages',
  transcribeAudio: 'transcribe',
}));

const renamed = `renamed (was, now) AS (VALUES ${[...renamedActionCodes].map(([was, now]) => `('${was}', '${now}')`).join(', ')})`;

/**
 * Every stored action code under its new name: the activity log's rows, the outbox's writes (the
 * code inside their `action` JSON) and the events an imported case keeps (`write.action.code`).
 * A value that is not JSON (never written by OpsDesk, but a database may hold one) is left as it is.
 */
export const migration: Migration = {
  version: 38,
  name: 'action-codes-named-by-calls',
  sql: `WITH ${renamed}
  UPDATE activity_log SET action = (SELECT now FROM renamed WHERE was = action) WHERE action IN (SELECT was FROM renamed);
  WITH ${renamed}
  UPDATE outbox_writes SET action = json_set(action, '$.code', (SELECT now FROM renamed WHERE was = json_extract(action, '$.code')))
    WHERE CASE WHEN json_valid(action) THEN json_extract(action, '$.code') END IN (SELECT was FROM renamed);
  WITH ${renamed}
  UPDATE case_kept_events SET event = json_set(event, '$.write.action.code', (SELECT now FROM renamed WHERE was = json_extract(event, '$.write.action.code')))
    WHERE CASE WHEN json_valid(event) THEN json_extract(event, '$.write.action.code') END IN (SELECT was FROM renamed);`,
};
