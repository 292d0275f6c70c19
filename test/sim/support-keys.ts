// Application keys of the support simulator: format, types, scopes.
import type { Random } from './random.ts';
import { createIpAllowlist } from './ip-allowlist.ts';
import type { IpAllowlist } from './ip-allowlist.ts';

export const SUPPORT_SCOPES = [
  'chat', 'live.write', 'kb.read', 'kb.write', 'ticket.read', 'ticket.write', 'agent.reply',
  'crm.read', 'crm.write', 'work.read', 'work.write', 'hooks.write', 'analytics.read', 'logs.read',
] as const;

export type SupportKeyType = 'runtime' | 'ops' | 'agent';
export type SupportKeyEnv = 'live' | 'test';

export const SUPPORT_DEFAULT_SCOPES: Readonly<Record<SupportKeyType, readonly string[]>> = {
  runtime: ['chat', 'live.write', 'kb.read'],
  ops: ['crm.*', 'work.*', 'ticket.read'],
  agent: ['chat', 'kb.read', 'ticket.read', 'crm.read'],
};

export const SUPPORT_DEFAULT_RATE_PER_MINUTE = 60;

// svc_<live|test>_<12 lowercase hex>.<secret>
export const SUPPORT_KEY_PATTERN = /^svc_(live|test)_([0-9a-f]{12})\.([A-Za-z0-9_-]{16,128})$/;

export interface SupportKeyOptions {
  site: string;
  env?: SupportKeyEnv; // default 'test'
  type?: SupportKeyType; // default 'agent'
  scopes?: string[]; // replaces the type's default scopes; 'crm.*' style wildcards allowed
  ipAllowlist?: string[];
  revoked?: boolean;
  ratePerMinute?: number; // default 60
}

export interface SupportKey {
  id: string; // the part before the '.', safe to log
  site: string;
  env: SupportKeyEnv;
  type: SupportKeyType;
  scopes: readonly string[];
  allowsIp: IpAllowlist;
  revoked: boolean;
  ratePerMinute: number;
}

export function hasScope(key: SupportKey, scope: string): boolean {
  const family = scope.split('.')[0];
  return key.scopes.some((s) => s === scope || s === `${family}.*`);
}

function checkScopes(scopes: readonly string[]): void {
  const known = new Set<string>(SUPPORT_SCOPES);
  for (const scope of scopes) {
    const family = scope.endsWith('.*') ? scope.slice(0, -2) : null;
    const valid = known.has(scope) || (family !== null && SUPPORT_SCOPES.some((s) => s.startsWith(`${family}.`)));
    if (!valid) throw new Error(`unknown support scope: ${scope}`);
  }
}

export function createSupportKey(random: Random, options: SupportKeyOptions): { secret: string; key: SupportKey } {
  const env = options.env ?? 'test';
  const type = options.type ?? 'agent';
  const scopes = options.scopes ?? SUPPORT_DEFAULT_SCOPES[type];
  checkScopes(scopes);
  const id = `svc_${env}_${random.hex(12)}`;
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  const secret = Array.from({ length: 32 }, () => random.pick([...alphabet])).join('');
  return {
    secret: `${id}.${secret}`,
    key: {
      id, site: options.site, env, type, scopes: [...scopes],
      allowsIp: createIpAllowlist(options.ipAllowlist),
      revoked: options.revoked ?? false,
      ratePerMinute: options.ratePerMinute ?? SUPPORT_DEFAULT_RATE_PER_MINUTE,
    },
  };
}
