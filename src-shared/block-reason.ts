// The appliance keeps no link from a block to where it came from, so OpsDesk says so in the block's
// reason, as pfSense's EasyRule does: the appliance's own log then tells the story (which alert,
// which bulk block, which approved proposal, and who), and a block's tab reads the alert back.

const REASON_LIMIT = 500;
/** Alerts blocked before issue 39 carry `Alert <id>: <signature>`. */
const ALERT_REFERENCE = /^(?:OpsDesk: (?:alert|approved model proposal for alert) (\S+) by |Alert (.+?): )/;

/** Where a block was made: its reason says so. `kept`: an Extend or an Undo, which keep the reason the block had. */
export type BlockOrigin =
  | { kind: 'alert'; alertId: string }
  | { kind: 'proposal'; alertId?: string | undefined }
  /** `from`: what chose the addresses, in words (`filter severity=high`, `37 selected alerts`). */
  | { kind: 'bulk'; count: number; from?: string | undefined }
  | { kind: 'manual' }
  | { kind: 'kept' };

/** The reason sent with a block: where it came from and who made it, then the analyst's own words. */
export function blockReason(origin: BlockOrigin, reason: string, osUser: string | null): string {
  if (origin.kind === 'kept') return reason.slice(0, REASON_LIMIT);
  const where = originWords(origin, ` by ${osUser ?? 'an unknown user'}`);
  const words = reason.trim();
  return (words === '' ? where : `${where}: ${words}`).slice(0, REASON_LIMIT);
}

function originWords(origin: Exclude<BlockOrigin, { kind: 'kept' }>, by: string): string {
  switch (origin.kind) {
    case 'alert':
      return `OpsDesk: alert ${origin.alertId}${by}`;
    case 'proposal':
      return `OpsDesk: approved model proposal${origin.alertId ? ` for alert ${origin.alertId}` : ''}${by}`;
    case 'bulk':
      return `OpsDesk: bulk block of ${origin.count}${origin.from ? ` from ${origin.from}` : ''}${by}`;
    case 'manual':
      return `OpsDesk: manual block${by}`;
  }
}

/** The id of the alert a block was made from, when OpsDesk wrote its reason. */
export function alertIdInBlockReason(reason: string | null): string | null {
  const found = reason === null ? null : ALERT_REFERENCE.exec(reason);
  return found?.[1] ?? found?.[2] ?? null;
}
