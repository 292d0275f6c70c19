// The firewall's fixed lists, once for the contract (its checks) and the window (its choices and
// their words); docs/api-assumptions.md says where each comes from. The appliance still judges
// every value a form sends.

export const alertSeverities = ['low', 'medium', 'high', 'critical'] as const;
/** One of the four named levels, not a level an appliance made up. */
export const isAlertSeverity = (severity: string): severity is (typeof alertSeverities)[number] => (alertSeverities as readonly string[]).includes(severity);

/** Block durations the forms offer, by name; 0 is how the appliance says "until unblocked". */
export const blockDurationPresets = { hour: 3600, day: 86_400, week: 7 * 86_400, month: 30 * 86_400, permanent: 0 } as const;

export const logTypes = ['traffic', 'threat', 'system'] as const;
export const logActions = ['allow', 'deny'] as const;
/** Relative windows ending now; `custom` uses `since`/`until`. */
export const logTimePresets = ['15m', '1h', '24h', '7d', 'all', 'custom'] as const;

export const policyActions = ['allow', 'deny', 'reject'] as const;
export const addressObjectTypes = ['host', 'subnet', 'range', 'fqdn', 'group'] as const;
export const honeypotTypes = ['ssh', 'http', 'rdp', 'smb', 'mysql', 'telnet'] as const;
export const reportTypes = ['threat_summary', 'traffic', 'top_sources', 'blocklist'] as const;

/**
 * How long typing may pause before the log search asks the appliance for the words typed: a word
 * typed is one call, not one per letter on the appliance's rate. (The alerts' text search asks the
 * local cache, which answers each key in milliseconds: it has no pause.)
 */
export const searchPauseMs = 100;
