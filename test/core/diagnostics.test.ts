import { describe, expect, test } from 'vitest';
import { collectDiagnostics, withoutCredentials } from '../../src-main/core/diagnostics.ts';
import type { ProfileView } from '../../src-shared/contract/profiles.ts';

const identity = { version: '1.2.3', platform: 'linux', dataFolder: '/home/a/.config/OpsDesk', logFile: '/home/a/.config/OpsDesk/logs/opsdesk.log' };
const profile = (fields: Partial<ProfileView>) => ({ service: 'firewall', name: 'HQ appliance', baseUrl: 'https://fw.hq.example:8443', proxy: { mode: 'none' }, ...fields }) as ProfileView;
const sources = (profiles: ProfileView[], keychain: { kind: 'os-keychain' | 'session-only' | 'waiting'; reason?: string } = { kind: 'os-keychain' }) => ({
  profiles: { list: async () => ({ profiles, keychain }) },
  platform: { resolveProxy: async (url: string) => (url.includes('hq.example') ? 'PROXY proxy.corp:3128' : 'DIRECT') },
});

describe('diagnostics', () => {
  test('a proxy from the environment loses its user name and password', async () => {
    expect(withoutCredentials('http://analyst:s3cret@proxy.corp:3128/')).toBe('http://proxy.corp:3128');
    const report = await collectDiagnostics(sources([]), identity, { includeProfileHosts: false }, { HTTPS_PROXY: 'http://analyst:s3cret@proxy.corp:3128', NO_PROXY: 'localhost,.corp' });
    expect(report.environmentProxy).toEqual({ proxy: 'http://proxy.corp:3128', noProxy: 'localhost,.corp' });
    expect(JSON.stringify(report)).not.toContain('s3cret');
  });

  test("a connection's name and host are sent only when asked for; its proxy always", async () => {
    const profiles = [profile({ proxy: { mode: 'system' } }), profile({ service: 'gateway', name: 'Lab', baseUrl: 'https://gw.lab.example', proxy: { mode: 'explicit', url: 'http://proxy.lab:8080' } })];
    const hidden = await collectDiagnostics(sources(profiles), identity, { includeProfileHosts: false }, {});
    expect(hidden.profiles).toEqual([
      { service: 'firewall', proxyMode: 'system', proxy: 'PROXY proxy.corp:3128' },
      { service: 'gateway', proxyMode: 'explicit', proxy: 'http://proxy.lab:8080' },
    ]);
    expect(JSON.stringify(hidden)).not.toMatch(/hq\.example|gw\.lab|HQ appliance|"Lab"/);
    const shown = await collectDiagnostics(sources(profiles), identity, { includeProfileHosts: true }, {});
    expect(shown.profiles[0]).toMatchObject({ name: 'HQ appliance', host: 'fw.hq.example:8443' });
  });

  test.each([
    ['linux', { kind: 'os-keychain' }, { kind: 'os-keychain', store: 'secret-service' }],
    ['darwin', { kind: 'os-keychain' }, { kind: 'os-keychain', store: 'macos-keychain' }],
    ['win32', { kind: 'os-keychain' }, { kind: 'os-keychain', store: 'windows-credential-manager' }],
    ['linux', { kind: 'session-only', reason: 'no Secret Service' }, { kind: 'session-only', reason: 'no Secret Service' }],
    ['linux', { kind: 'waiting' }, { kind: 'waiting' }],
  ] as const)('on %s a keychain %o is reported as %o', async (platform, keychain, expected) => {
    const report = await collectDiagnostics(sources([], { ...keychain }), { ...identity, platform }, { includeProfileHosts: false }, {});
    expect(report.keychain).toEqual(expected);
  });
});
