// The appliance keeps no link from a block to the alert it came from, so OpsDesk writes the alert's
// id into the reason of a "Block source" block, and a block's tab reads it back from there.

const REASON_LIMIT = 500;
const ALERT_REFERENCE = /^Alert (.+?): /;

/** The reason of a block made from an alert: its id, then its signature (or what else names it). */
export function alertBlockReason(alertId: string, summary: string): string {
  return `Alert ${alertId}: ${summary}`.slice(0, REASON_LIMIT);
}

/** The id of the alert a block was made from, when its reason was written by `alertBlockReason`. */
export function alertIdInBlockReason(reason: string | null): string | null {
  return (reason === null ? null : ALERT_REFERENCE.exec(reason)?.[1]) ?? null;
}
