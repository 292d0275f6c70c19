// The choices the forms offer, as docs/api-assumptions.md gives them; typed against the contract
// where it names them. The appliance still judges every value.
import type { LogQuery } from '../../../../src-preload/contract/firewall-admin.ts';

export const policyActions = ['allow', 'deny', 'reject'] as const;
export const addressObjectTypes = ['host', 'subnet', 'range', 'fqdn', 'group'] as const;
export const honeypotTypes = ['ssh', 'http', 'rdp', 'smb', 'mysql', 'telnet'] as const;
export const reportTypes = ['threat_summary', 'traffic', 'top_sources', 'blocklist'] as const;
export const logTypes = ['traffic', 'threat', 'system'] as const satisfies readonly NonNullable<LogQuery['type']>[];
export const logActions = ['allow', 'deny'] as const satisfies readonly NonNullable<LogQuery['action']>[];
export const logTimePresets = ['15m', '1h', '24h', '7d', 'all', 'custom'] as const satisfies readonly NonNullable<LogQuery['timePreset']>[];
