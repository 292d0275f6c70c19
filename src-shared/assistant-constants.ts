// What the model-at-work settings offer, shared by main's checks and the Settings form.

/**
 * The record fields a prompt may carry, each named `<record>.<field>`; Settings says which are
 * sent. Alerts feed triage, visitors (a ticket's or contact's person) feed drafted replies.
 */
export const promptFields = [
  'alert.severity',
  'alert.occurredAt',
  'alert.category',
  'alert.action',
  'alert.srcIp',
  'alert.srcPort',
  'alert.dstIp',
  'alert.dstPort',
  'alert.protocol',
  'alert.signature',
  'alert.message',
  'alert.deviceId',
  'visitor.name',
  'visitor.email',
  'visitor.phone',
  'visitor.company',
] as const;

/** Visitors' contact details stay home unless the analyst ticks them. */
export const defaultSentFields: readonly (typeof promptFields)[number][] = promptFields.filter((field) => field !== 'visitor.email' && field !== 'visitor.phone');

export const bulkLimitRange = { min: 1, max: 500, default: 20 } as const;

