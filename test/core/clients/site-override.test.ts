// The per-profile override of where the support site goes, from the Settings form's contract call
// to the request the server receives.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProfileInput } from '../../../src-shared/contract/profiles.ts';
import { SUPPORT_PLAIN_SITE_IDS, startSimulators, type Simulators } from '../../sim/index.ts';
import { bridgeInProcess } from '../../support/bridge-in-process.ts';
import { openTestServices } from '../../support/test-services.ts';

let sims: Simulators;

beforeAll(async () => {
  sims = await startSimulators({ alertCount: 0, dialect: 'plain' });
});
afterAll(async () => {
  await sims.close();
});

type SupportInput = Extract<ProfileInput, { service: 'support' }>;
const support = (settings: Partial<SupportInput['settings']>): SupportInput => ({
  service: 'support',
  name: 'Plain support',
  baseUrl: sims.support.url,
  apiKey: sims.support.keys.demo,
  trust: { mode: 'ca-only', caPem: sims.ca.certPem },
  settings: { site: String(SUPPORT_PLAIN_SITE_IDS['site-main']), ...settings },
});

describe('where the support site goes, as the profile says', () => {
  it('sends the site where the profile says, overriding what the server describes, and shows it', async () => {
    const { services, dispose } = await openTestServices();
    try {
      const api = bridgeInProcess(services);
      const saved = await api.profiles.save(support({ siteIn: 'query', siteParameter: 'site_id' }));
      if (!saved.ok) throw new Error(saved.error.message);
      expect(saved.data.settings).toMatchObject({ siteIn: 'query', siteParameter: 'site_id' });
      const report = await api.profiles.testConnection({ id: saved.data.id });
      if (!report.ok) throw new Error(report.error.message);
      expect(report.data.summary).toMatchObject({ service: 'support', siteSentAs: { in: 'query', name: 'site_id', learnedFrom: 'profile' } });
      expect(sims.support.requests.at(-1)?.query).toBe('site_id=1024');

      // Told to use a header this server ignores, a profile naming another site than the key's is caught.
      const wrong = await api.profiles.save({ ...support({ site: String(SUPPORT_PLAIN_SITE_IDS['site-eu']), siteIn: 'header' }), id: saved.data.id });
      if (!wrong.ok) throw new Error(wrong.error.message);
      const refused = await api.profiles.testConnection({ id: saved.data.id });
      expect(refused).toMatchObject({ ok: false, error: { code: 'wrong_site', service: 'support' } });
    } finally {
      await dispose();
    }
  });

  it('refuses a path prefix without a place for the site', async () => {
    const { services, dispose } = await openTestServices();
    try {
      const result = await bridgeInProcess(services).profiles.save(support({ siteIn: 'path', siteParameter: '/sites' }));
      expect(result).toMatchObject({ ok: false, error: { code: 'bad_request', fieldErrors: [{ path: 'settings.siteParameter' }] } });
    } finally {
      await dispose();
    }
  });
});
