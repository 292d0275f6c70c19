// The activity log's fixed lists, once for the contract (its checks) and the window (its filters and their words).

export const activityBackEnds = ['firewall', 'support', 'gateway', 'local'] as const;

/** `queued`: the outbox holds it and sends it by itself; `discarded`: the user gave up a queued write. */
export const activityOutcomes = ['sent', 'queued', 'failed', 'discarded'] as const;

export const DEFAULT_ACTIVITY_RETENTION_DAYS = 180;
