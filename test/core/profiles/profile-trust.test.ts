import { rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { AppServices } from '../../../src-main/core/app-services.ts';
import { writeDemoProfiles } from '../../sim/demo-profiles.ts';
import { withSwappedCertificates } from '../http/swapped-certificates.ts';
import {  } from '../../support/expect-each.ts';
import { openTestServices } from '../../support/test-services.ts';

const lab = withSwappedCertificates({ alertCount: 50 });
const firewall = lab.firewallProfile;
let dataDir: string;
let services: AppServices;
const logLines: string[] = [];

beforeAll(async () => {
  ({ services, dataDir } = await openTestServices({ logSink: (record) => logLines.push(record.line) }));
});
afterAll(async () => {
  await services.dispose();
  await rm(dataDir, { recursive: true, force: true });
});

describe('trusting an appliance certificate', () => {
  test('system roots refuse it with its details; trusting the shown fingerprint pins it; the next test connects', async () => {
    const profile = await services.profiles.save(firewall());
    const refused = await services.clients.testConnection(profile.id).catch((error: unknown) => error);
    expect(refused).toMatchObject({ serviceError: { code: 'untrusted_certificate', certificate: { sha256: lab.sims.firewall.leafSha256 } } });

    const trusted = await services.profiles.trustCertificate(profile.id, lab.sims.firewall.leafSha256);
    expect(trusted.trust).toEqual({ mode: 'pinned', pinnedSha256: lab.sims.firewall.leafSha256 });
    const report = await services.clients.testConnection(profile.id);
    expect(report.summary).toMatchObject({ service: 'firewall', edition: 'enterprise' });
  });

  test('a profile deleted while its certificate is checked stays deleted', async () => {
    const profile = await services.profiles.save(firewall());
    const trusting = services.profiles.trustCertificate(profile.id, lab.sims.firewall.leafSha256);
    await services.profiles.remove(profile.id);
    await expect(trusting).rejects.toMatchObject({ detail: { code: 'not_found' } });
    expect((await services.profiles.list()).profiles.map((p) => p.id)).not.toContain(profile.id);
  });

  test('a certificate that changed between the prompt and the click is not trusted', async () => {
    const profile = await services.profiles.save(firewall());
    const shown = lab.sims.firewall.leafSha256;
    lab.sims.firewall.setCertificate(await lab.newLeaf());
    await expect(services.profiles.trustCertificate(profile.id, shown)).rejects.toMatchObject({
      serviceError: { code: 'certificate_changed', certificate: { sha256: lab.sims.firewall.leafSha256 } },
    });
    expect((await services.profiles.list()).profiles.find((p) => p.id === profile.id)?.trust.mode).toBe('system');
  });

  test('a pinned certificate that later changes is refused, and says so', async () => {
    const profile = await services.profiles.save(firewall());
    await services.profiles.trustCertificate(profile.id, lab.sims.firewall.leafSha256);
    lab.sims.firewall.setCertificate(await lab.newLeaf());
    await expect(services.clients.testConnection(profile.id)).rejects.toMatchObject({ serviceError: { code: 'certificate_changed' } });
  });

  test('a fingerprint typed in by hand connects when it matches and is refused when it does not', async () => {
    const matching = await services.profiles.save(firewall({ trust: { mode: 'pinned', pinnedSha256: lab.sims.firewall.leafSha256.replaceAll(':', '').toLowerCase() } }));
    expect((await services.clients.testConnection(matching.id)).summary.service).toBe('firewall');

    const wrong = await services.profiles.save(firewall({ trust: { mode: 'pinned', pinnedSha256: 'AB:'.repeat(31) + 'AB' } }));
    await expect(services.clients.testConnection(wrong.id)).rejects.toMatchObject({ serviceError: { code: 'certificate_changed' } });
  });

  test('an imported CA connects without any prompt', async () => {
    const profile = await services.profiles.save(firewall({ trust: { mode: 'ca-only', caPem: lab.sims.ca.certPem } }));
    expect((await services.clients.testConnection(profile.id)).summary).toMatchObject({ service: 'firewall' });
  });
});

describe('profiles', () => {
  test('two connections of one service cannot share a name', async () => {
    await services.profiles.save(firewall({ name: 'Lab' }));
    await expect(services.profiles.save(firewall({ name: 'Lab' }))).rejects.toMatchObject({
      detail: { code: 'conflict', fieldErrors: [{ path: 'name' }] },
    });
  });

  test('an edit that leaves the CA empty keeps the imported CA; a new CA profile without one is refused', async () => {
    const saved = await services.profiles.save(firewall({ trust: { mode: 'ca-only', caPem: lab.sims.ca.certPem } }));
    expect(saved.trust.caSubject).toContain('OpsDesk Simulator CA');
    const edited = await services.profiles.save(firewall({ id: saved.id, name: saved.name, apiKey: undefined, trust: { mode: 'ca-only' } }));
    expect(edited).toMatchObject({ hasKey: true, trust: { mode: 'ca-only', caSubject: saved.trust.caSubject } });
    expect((await services.clients.testConnection(saved.id)).summary.service).toBe('firewall');

    await expect(services.profiles.save(firewall({ trust: { mode: 'system-plus-ca' } }))).rejects.toMatchObject({
      detail: { code: 'bad_request', fieldErrors: [{ path: 'trust.caPem' }] },
    });
  });

  test('a stored key is never sent to a new server: changing the address needs the key again', async () => {
    const saved = await services.profiles.save(firewall({ trust: { mode: 'ca-only', caPem: lab.sims.ca.certPem } }));
    const moved = { id: saved.id, name: saved.name, apiKey: undefined, baseUrl: 'https://attacker.example:9443/api/v1' };
    await expect(services.profiles.save(firewall(moved))).rejects.toMatchObject({
      detail: { code: 'bad_request', fieldErrors: [{ path: 'apiKey' }] },
    });
    expect((await services.profiles.list()).profiles.find((p) => p.id === saved.id)?.baseUrl).toBe(lab.sims.firewall.url);
    const samePlace = await services.profiles.save(firewall({ id: saved.id, name: 'Renamed', apiKey: undefined, trust: { mode: 'ca-only' } }));
    expect(samePlace).toMatchObject({ name: 'Renamed', hasKey: true });
  });

  test('a CA that is not a readable certificate is refused on entry', async () => {
    const garbage = '-----BEGIN CERTIFICATE-----\nnot a certificate\n-----END CERTIFICATE-----';
    await expect(services.profiles.save(firewall({ trust: { mode: 'ca-only', caPem: garbage } }))).rejects.toMatchObject({
      detail: { code: 'bad_request', fieldErrors: [{ path: 'trust.caPem' }] },
    });
  });

  test('a broken profiles file is refused without quoting it (it holds keys)', async () => {
    const { importProfiles } = await import('../../../src-main/core/profiles/import-profiles.ts');
    const { ProfileRepository } = await import('../../../src-main/core/profiles/profile-repository.ts');
    const { writeFile } = await import('node:fs/promises');
    const repository = new ProfileRepository(services.db);
    const file = path.join(dataDir, 'broken.json');
    await writeFile(file, '{"profiles": [{"apiKey": "TOPSECRETKEY0000", oops');
    await expect(importProfiles(file, services.profiles, repository)).rejects.toThrow(/not valid JSON/);
    await expect(importProfiles(file, services.profiles, repository)).rejects.not.toThrow(/TOPSECRET/);
    await writeFile(file, JSON.stringify({ profiles: [{ service: 'firewall', name: 'x', baseUrl: 'http://plain', apiKey: 'TOPSECRETKEY0000' }] }));
    const refused = await importProfiles(file, services.profiles, repository).catch((error: Error) => error.message);
    expect(refused).toMatch(/Profile 1 .* check .*baseUrl/);
    expect(refused).not.toContain('TOPSECRET');
  });

  test('repeated tests share one client per profile, so its rate limiter keeps them under the key limit', async () => {
    const apiKey = lab.sims.firewall.addKey({ role: 'read-only', rate: { requests: 2, windowSeconds: 1 } });
    const profile = await services.profiles.save(
      firewall({ apiKey, trust: { mode: 'ca-only', caPem: lab.sims.ca.certPem }, settings: { rateLimit: { requests: 2, windowSeconds: 1 } } }),
    );
    const firstRequest = lab.sims.firewall.requests.length;
    for (let round = 0; round < 4; round += 1) await services.clients.testConnection(profile.id);
    const sent = lab.sims.firewall.requests.slice(firstRequest);
    // Four status reads, and the appliance's description read once for the client.
    expect(sent.map((request) => request.status)).toEqual([200, 200, 200, 200, 200]);
    expect(sent.filter((request) => request.path.endsWith('/openapi.json'))).toHaveLength(1);
  });

  test('the demo file imports through the same path, and importing again updates instead of duplicating', async () => {
    const { importProfiles } = await import('../../../src-main/core/profiles/import-profiles.ts');
    const { ProfileRepository } = await import('../../../src-main/core/profiles/profile-repository.ts');
    const file = path.join(dataDir, 'demo.json');
    await writeDemoProfiles(file, lab.sims);
    const repository = new ProfileRepository(services.db);
    const before = (await services.profiles.list()).profiles.length;
    expect(await importProfiles(file, services.profiles, repository)).toBe(3);
    expect(await importProfiles(file, services.profiles, repository)).toBe(3);
    const after = (await services.profiles.list()).profiles;
    expect(after.length).toBe(before + 3);
    for (const profile of after.filter((p) => p.name.startsWith('Simulated'))) {
      expect((await services.clients.testConnection(profile.id)).summary.service).toBe(profile.service);
    }
  });

  test('no log line carries a key', () => {
    const keys = [...Object.values(lab.sims.firewall.keys), ...Object.values(lab.sims.support.keys), ...Object.values(lab.sims.gateway.keys)].filter(
      (key): key is string => typeof key === 'string',
    );
    expect(logLines.length).toBeGreaterThan(0);
    for (const key of keys) expect(logLines.join('\n')).not.toContain(key);
  });
});
