// A support workspace as the app builds it (createAppServices), against the simulator over real
// HTTPS, a real SQLite file and a fake clock shared with the simulator; one support profile per call.
import type { Simulators } from '../../sim/index.ts';
import { SUPPORT_PLAIN_SITE_IDS, SUPPORT_SCOPES } from '../../sim/index.ts';
import { openWorkspace, type Workspace } from '../firewall/firewall-fixture.ts';

export { openWorkspace, type Workspace };

let profileNumber = 0;

export interface SupportProfileOptions {
  apiKey?: string;
  /** The profile's site, as the dialect names it; default the key's own. */
  site?: string;
  ratePerMinute?: number;
  dialect?: 'opsdesk' | 'plain';
}

/** The site's name in a dialect: the plain one numbers them. */
export function siteIn(dialect: 'opsdesk' | 'plain', site: string): string {
  return dialect === 'plain' ? String(SUPPORT_PLAIN_SITE_IDS[site]) : site;
}

/** A support profile for the simulator: a fresh test key with every scope and a high rate unless a test says otherwise. */
export async function addSupportProfile(workspace: Workspace, sims: Simulators, options: SupportProfileOptions = {}): Promise<string> {
  const dialect = options.dialect ?? 'opsdesk';
  const { id } = await workspace.services.profiles.save({
    service: 'support',
    name: `Support ${++profileNumber}`,
    baseUrl: sims.support.url,
    apiKey: options.apiKey ?? sims.support.addKey({ site: 'site-main', scopes: [...SUPPORT_SCOPES], ratePerMinute: 100_000 }),
    trust: { mode: 'ca-only', caPem: sims.ca.certPem },
    timeouts: { connectMs: 2_000, headersMs: 5_000, bodyMs: 10_000, streamIdleMs: 5_000 },
    settings: { site: options.site ?? siteIn(dialect, 'site-main'), ratePerMinute: options.ratePerMinute ?? 100_000 },
  });
  return id;
}

/** The result's data, or the test fails with the error the call answered. */
export function dataOf<T>(result: { ok: true; data: T } | { ok: false; error: { code: string; message: string } }): T {
  if (!result.ok) throw new Error(`expected success, got ${result.error.code}: ${result.error.message}`);
  return result.data;
}
