// Settings → About: what an analyst sends to their IT. Built from what main knows about itself;
// never a key, nothing from the cache, and a connection's name and host only when asked for.
import { arch, release } from 'node:os';
import type { Diagnostics, KeychainBackEnd, ProfileRoute } from '../../src-shared/contract/app.ts';
import type { KeychainStatus, ProfileList, ProfileView } from '../../src-shared/contract/profiles.ts';
import { systemCertificates } from './http/trust.ts';
import type { Platform } from './platform.ts';

/** What main says about itself: the app's version and where it keeps its data and log. */
export interface AppIdentity {
  version: string;
  platform: string;
  /** The user-data folder: SQLite, logs, the single-instance lock. */
  dataFolder: string;
  logFile: string;
}

export interface DiagnosticsSources {
  profiles: { list(): Promise<ProfileList> };
  platform: Pick<Platform, 'resolveProxy'>;
}

const osKeychains: Record<string, KeychainBackEnd & { kind: 'os-keychain' }> = {
  linux: { kind: 'os-keychain', store: 'secret-service' },
  darwin: { kind: 'os-keychain', store: 'macos-keychain' },
  win32: { kind: 'os-keychain', store: 'windows-credential-manager' },
};

function keychainBackEnd(status: KeychainStatus, platform: string): KeychainBackEnd {
  if (status.kind === 'os-keychain') return osKeychains[platform] ?? { kind: 'os-keychain', store: 'other' };
  if (status.kind === 'session-only') return { kind: 'session-only', ...(status.reason && { reason: status.reason }) };
  return { kind: 'waiting' };
}

/** A proxy address as IT needs it: scheme, host and port; a user name or password never leaves. */
export function withoutCredentials(proxy: string): string {
  const url = URL.parse(proxy);
  return url ? `${url.protocol}//${url.host}` : '(not a URL)';
}

async function routeOf(profile: ProfileView, includeHosts: boolean, resolveProxy: Platform['resolveProxy']): Promise<ProfileRoute> {
  const { proxy: settings } = profile;
  const proxy =
    settings.mode === 'explicit'
      ? withoutCredentials(settings.url)
      : settings.mode === 'system'
        ? await resolveProxy(profile.baseUrl).catch(() => null)
        : null;
  return {
    service: profile.service,
    ...(includeHosts && { name: profile.name, host: URL.parse(profile.baseUrl)?.host ?? profile.baseUrl }),
    proxyMode: settings.mode,
    proxy,
  };
}

export async function collectDiagnostics(
  sources: DiagnosticsSources,
  identity: AppIdentity,
  { includeProfileHosts }: { includeProfileHosts: boolean },
  env: NodeJS.ProcessEnv = process.env,
): Promise<Diagnostics> {
  const { profiles, keychain } = await sources.profiles.list();
  const environmentProxy = env.https_proxy ?? env.HTTPS_PROXY ?? env.http_proxy ?? env.HTTP_PROXY;
  return {
    versions: {
      app: identity.version,
      electron: process.versions.electron ?? null,
      chromium: process.versions.chrome ?? null,
      node: process.versions.node,
    },
    system: `${identity.platform} ${arch()} ${release()}`,
    dataFolder: identity.dataFolder,
    logFile: identity.logFile,
    keychain: keychainBackEnd(keychain, identity.platform),
    systemCertificates: { ...systemCertificates() },
    environmentProxy: {
      proxy: environmentProxy ? withoutCredentials(environmentProxy) : null,
      noProxy: env.no_proxy ?? env.NO_PROXY ?? null,
    },
    profiles: await Promise.all(profiles.map((profile) => routeOf(profile, includeProfileHosts, (url) => sources.platform.resolveProxy(url)))),
  };
}
