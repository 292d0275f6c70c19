// The connections as main keeps them, their health, the views' connection tests and the last
// connection each kind of view used, through the window's query layer; components use these only.
import { skipToken, useQuery, type QueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { IpcError } from '../../../src-shared/contract/define.ts';
import type { BackEnd, BackEndSettings, CertificateChoice, ConnectionHealth, ConnectionReport, ProfileInput, ProfileList, ProfileView, TrustInput } from '../../../src-shared/contract/profiles.ts';
import { CONNECTION_WATCH_RENEW_MS } from '../../../src-shared/connection-watch-lease.ts';
import { opsdesk } from '../../data/bridge.ts';
import { withHealth, type HealthByProfile } from '../../data/invalidations.ts';
import { unwrap, useIpcMutation, useQueryClient } from '../../data/ipc-query.ts';
import { profileKeys } from '../../data/query-keys.ts';

export type SettledTest = { state: 'passed'; report: ConnectionReport } | { state: 'failed'; error: IpcError };
export type ConnectionTest = { state: 'running'; done: Promise<SettledTest> } | SettledTest;
type ConnectionTests = Record<string, ConnectionTest>;
type LastUsed = Partial<Record<BackEnd, string>>;

const NO_PROFILES: ProfileView[] = [];

export const profileList = { queryKey: profileKeys.list(), queryFn: () => unwrap(opsdesk.profiles.list()) };

/**
 * The connections and the keychain's state, read once for the window; main's `changed` keeps them
 * current (data/invalidations.ts). `readAgain`: read again as the view opens, for the keychain's
 * state, which may settle later without a `changed`.
 */
export function useProfileList({ readAgain = false }: { readAgain?: boolean } = {}) {
  return useQuery({ ...profileList, refetchOnMount: readAgain ? 'always' : true });
}

/** Every connection, [] until main answered. */
export function useProfiles(): ProfileView[] {
  return useQuery({ ...profileList, select: (list) => list.profiles }).data ?? NO_PROFILES;
}

export function useProfile(profileId: string | null | undefined): ProfileView | undefined {
  return useQuery({ ...profileList, select: (list) => list.profiles.find((profile) => profile.id === profileId) }).data;
}

/** The connections, read first if no view has yet, for code that runs outside a view (a write's LIVE question); none when main could not list them. */
export async function readProfiles(client: QueryClient): Promise<ProfileView[]> {
  return client.ensureQueryData(profileList).then((list) => list.profiles, () => NO_PROFILES);
}

export const profilesOf = (profiles: ProfileView[], service: BackEnd): ProfileView[] =>
  profiles.filter((profile) => profile.service === service).sort((a, b) => a.name.localeCompare(b.name));

export const serviceOrder: readonly BackEnd[] = ['gateway', 'support', 'firewall'];

/** A connection main answered with (saved, trusted) replaces the one read before; `testGoes`: its test was of the connection as it was. */
export function keepProfile(client: QueryClient, saved: ProfileView, testGoes: boolean): void {
  client.setQueryData<ProfileList>(profileKeys.list(), (list) => list && { ...list, profiles: [...list.profiles.filter((profile) => profile.id !== saved.id), saved] });
  if (testGoes) forgetTest(client, saved.id);
}

/** A support connection as it is saved, with the site chosen from those its server listed (the key stays in main). */
export function profileWithSite(profile: ProfileView, site: string): ProfileInput {
  const trust: TrustInput = profile.trust.mode === 'pinned' ? { mode: 'pinned', pinnedSha256: profile.trust.pinnedSha256 ?? '' } : { mode: profile.trust.mode };
  const settings = profile.settings as BackEndSettings['support'];
  return { id: profile.id, service: 'support', name: profile.name, baseUrl: profile.baseUrl, trust, timeouts: profile.timeouts, proxy: profile.proxy, settings: { ...settings, site } };
}

/** A support connection saved without a site takes the one its server lists, and is tested again with it. */
async function takeTheOnlySite(client: QueryClient, id: string, report: ConnectionReport): Promise<void> {
  const profile = client.getQueryData<ProfileList>(profileKeys.list())?.profiles.find((candidate) => candidate.id === id);
  if (report.summary.service !== 'support' || report.summary.sites.length !== 1 || profile?.service !== 'support') return;
  if ((profile.settings as BackEndSettings['support']).site) return;
  const saved = await opsdesk.profiles.save(profileWithSite(profile, report.summary.sites[0]!));
  if (!saved.ok) return;
  keepProfile(client, saved.data, true);
  // A test still running began before the site was saved: this one must be new.
  await runConnectionTest(client, id, true);
}

export function useSaveProfile() {
  const client = useQueryClient();
  return useIpcMutation((input: ProfileInput) => opsdesk.profiles.save(input), { onSuccess: (saved) => keepProfile(client, saved, true) });
}

/** `forgetCache`: the connection's cached rows go too (in the background, in main). */
export function useRemoveProfile() {
  const client = useQueryClient();
  return useIpcMutation(({ id, forgetCache }: { id: string; forgetCache: boolean }) => opsdesk.profiles.remove({ id, forgetCache }), {
    onSuccess: (_, { id }) => {
      client.setQueryData<ProfileList>(profileKeys.list(), (list) => list && { ...list, profiles: list.profiles.filter((profile) => profile.id !== id) });
      forgetTest(client, id);
    },
  });
}

/** Trusts the certificate the server presented, for this connection only; the connection is then tested again. */
export function useTrustCertificate() {
  const client = useQueryClient();
  return useIpcMutation(({ id, sha256 }: { id: string; sha256: string }) => opsdesk.profiles.trustCertificate({ id, sha256 }), {
    onSuccess: (trusted) => {
      keepProfile(client, trusted, false);
      void runConnectionTest(client, trusted.id);
    },
  });
}

/** The way out of a changed certificate; once main took it, the connection is tested again. */
export function useAcceptCertificateChange() {
  const client = useQueryClient();
  return useIpcMutation(
    ({ id, choice, apiKey }: { id: string; choice: CertificateChoice; apiKey: string }) =>
      opsdesk.profiles.acceptCertificateChange({ id, choice, ...(apiKey.trim() ? { apiKey: apiKey.trim() } : {}) }),
    {
      onSuccess: (accepted) => {
        keepProfile(client, accepted, true);
        // Every line that showed the refusal follows this test: the banner, Settings, and (through the calls it makes) the connection's health.
        void runConnectionTest(client, accepted.id);
      },
    },
  );
}

// A view's connection test is the window's own: kept in the query cache for the window's life, as
// the store it replaces kept it, and replaced only by a newer test, an edit or a removal.
const connectionTests = { queryKey: profileKeys.connectionTests(), queryFn: skipToken, gcTime: Infinity } as const;

function changeTests(client: QueryClient, change: (tests: ConnectionTests) => ConnectionTests): void {
  client.setQueryData<ConnectionTests>(profileKeys.connectionTests(), (tests = {}) => change(tests));
}

function forgetTest(client: QueryClient, id: string): void {
  changeTests(client, ({ [id]: _removed, ...rest }) => rest);
}

/**
 * Tests a profile's connection; while one test runs, asking again joins it. `fresh`: the analyst
 * asked (Retry): a new test even while one runs, which may have started before the server came back.
 */
export function runConnectionTest(client: QueryClient, id: string, fresh = false): Promise<SettledTest> {
  const running = client.getQueryData<ConnectionTests>(profileKeys.connectionTests())?.[id];
  if (running?.state === 'running' && !fresh) return running.done;
  // Only the newest test of a profile may report: one started before an edit is stale.
  const done = opsdesk.profiles.testConnection({ id }).then((result): SettledTest => {
    const outcome: SettledTest = result.ok ? { state: 'passed', report: result.data } : { state: 'failed', error: result.error };
    changeTests(client, (tests) => {
      const current = tests[id];
      return current?.state === 'running' && current.done === done ? { ...tests, [id]: outcome } : tests;
    });
    if (outcome.state === 'passed') void takeTheOnlySite(client, id, outcome.report);
    return outcome;
  });
  changeTests(client, (tests) => ({ ...tests, [id]: { state: 'running', done } }));
  return done;
}

/** The latest connection test of a profile, none before one started. */
export function useConnectionTest(profileId: string | undefined): ConnectionTest | undefined {
  return useQuery<ConnectionTests, IpcError, ConnectionTest | undefined>({ ...connectionTests, select: (tests) => (profileId ? tests[profileId] : undefined) }).data;
}

/** `test(id, fresh?)`: see runConnectionTest. */
export function useRunConnectionTest(): (id: string, fresh?: boolean) => Promise<SettledTest> {
  const client = useQueryClient();
  return useCallback((id, fresh) => runConnectionTest(client, id, fresh), [client]);
}

/** Main's state of a profile's connection, made from every call of it; none until main has checked it. */
export function useConnectionHealth(profileId: string | undefined): ConnectionHealth | undefined {
  const client = useQueryClient();
  return useQuery({ ...healthRead(client), select: (health) => (profileId ? health[profileId] : undefined) }).data;
}

/** Main's health of every profile, folded into what its events told meanwhile. */
export const healthRead = (client: QueryClient) => ({
  queryKey: profileKeys.health(),
  queryFn: async (): Promise<HealthByProfile> => {
    const read = await opsdesk.profiles.health();
    // Without the list a banner still has its own connection test to go by.
    const listed = read.ok ? read.data : [];
    return listed.reduce(withHealth, client.getQueryData<HealthByProfile>(profileKeys.health()) ?? {});
  },
});

/**
 * A view shows the profile: main keeps its health fresh while the view is there. One lease for
 * every view showing the same profile, renewed in time, also while the window is in the background.
 */
export function useConnectionWatch(profileId: string | undefined): void {
  useQuery({
    queryKey: profileKeys.watch(profileId ?? ''),
    queryFn: () => opsdesk.profiles.watchConnection({ id: profileId ?? '' }).then(() => null),
    enabled: profileId !== undefined,
    // A view shown again renews at once: the lease may have lapsed while it was hidden.
    staleTime: 0,
    refetchInterval: CONNECTION_WATCH_RENEW_MS,
    refetchIntervalInBackground: true,
    gcTime: 0,
  });
}

/** Which connection each kind of view used last, after a restart too; {} when main could not say. */
export function useLastProfiles() {
  return useQuery({
    queryKey: profileKeys.lastUsed(),
    queryFn: async (): Promise<LastUsed> => {
      const answer = await opsdesk.workspace.lastProfiles();
      return answer.ok ? answer.data : {};
    },
  }).data;
}

/** The user switched a view to this connection: the next view of its kind opens on it. */
export function useRememberProfile() {
  const client = useQueryClient();
  return useIpcMutation(({ service, profileId }: { service: BackEnd; profileId: string }) => opsdesk.workspace.rememberProfile({ service, profileId }), {
    onMutate: ({ service, profileId }) => client.setQueryData<LastUsed>(profileKeys.lastUsed(), (lastUsed) => ({ ...lastUsed, [service]: profileId })),
  });
}
