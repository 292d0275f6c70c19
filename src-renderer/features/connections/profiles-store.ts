import { create } from 'zustand';
import type { IpcError, IpcResult } from '../../../src-shared/contract/define.ts';
import type {
  CertificateChoice,
  ConnectionReport,
  KeychainStatus,
  ProfileInput,
  ProfileList,
  ProfileView,
  BackEnd,
} from '../../../src-shared/contract/profiles.ts';
import { opsdesk } from '../../data/bridge.ts';

export type SettledTest = { state: 'passed'; report: ConnectionReport } | { state: 'failed'; error: IpcError };
export type ConnectionTest = { state: 'running'; done: Promise<SettledTest> } | SettledTest;

export interface ProfilesStore {
  status: 'loading' | 'ready' | 'failed';
  loadError: IpcError | null;
  profiles: ProfileView[];
  keychain: KeychainStatus | null;
  tests: Record<string, ConnectionTest>;
  load(): Promise<void>;
  save(input: ProfileInput): Promise<IpcResult<ProfileView>>;
  /** `forgetCache`: the connection's cached rows go too (in the background, in main). */
  remove(id: string, forgetCache: boolean): Promise<IpcResult<null>>;
  /** Tests a profile's connection; while one test runs, asking again joins it. */
  /** `fresh`: the analyst asked (Retry): a new test even while one runs, which may have started before the server came back. */
  test(id: string, fresh?: boolean): Promise<SettledTest>;
  trust(id: string, sha256: string): Promise<IpcResult<ProfileView>>;
  /** The way out of a changed certificate; once main took it, the connection is tested again. */
  acceptCertificateChange(id: string, choice: CertificateChoice, apiKey: string): Promise<IpcResult<ProfileView>>;
}

export const useProfilesStore = create<ProfilesStore>()((set, get) => {
  const apply = (list: ProfileList) => set({ status: 'ready', loadError: null, profiles: list.profiles, keychain: list.keychain });
  let listening = false;
  let listing: Promise<void> | null = null;

  return {
    status: 'loading',
    loadError: null,
    profiles: [],
    keychain: null,
    tests: {},

    load() {
      if (!listening) {
        listening = true;
        opsdesk.profiles.onChanged(apply);
      }
      // The window and each view ask as they start: one list answers all who asked meanwhile.
      listing ??= opsdesk.profiles
        .list()
        .then((result) => {
          if (result.ok) apply(result.data);
          else set({ status: 'failed', loadError: result.error });
        })
        .finally(() => (listing = null));
      return listing;
    },

    async save(input) {
      const result = await opsdesk.profiles.save(input);
      if (result.ok) {
        const saved = result.data;
        const others = get().profiles.filter((profile) => profile.id !== saved.id);
        set((state) => ({ profiles: [...others, saved], tests: withoutTest(state.tests, saved.id) }));
      }
      return result;
    },

    async remove(id, forgetCache) {
      const result = await opsdesk.profiles.remove({ id, forgetCache });
      if (result.ok) set((state) => ({ profiles: state.profiles.filter((profile) => profile.id !== id), tests: withoutTest(state.tests, id) }));
      return result;
    },

    async test(id, fresh = false) {
      const running = get().tests[id];
      if (running?.state === 'running' && !fresh) return running.done;
      // Only the newest test of a profile may report: one started before an edit is stale.
      const done = opsdesk.profiles.testConnection({ id }).then((result): SettledTest => {
        const outcome: SettledTest = result.ok ? { state: 'passed', report: result.data } : { state: 'failed', error: result.error };
        if (get().tests[id] === entry) set((state) => ({ tests: { ...state.tests, [id]: outcome } }));
        return outcome;
      });
      const entry: ConnectionTest = { state: 'running', done };
      set((state) => ({ tests: { ...state.tests, [id]: entry } }));
      return done;
    },

    async trust(id, sha256) {
      const result = await opsdesk.profiles.trustCertificate({ id, sha256 });
      if (result.ok) {
        set((state) => ({ profiles: state.profiles.map((profile) => (profile.id === id ? result.data : profile)) }));
      }
      return result;
    },

    async acceptCertificateChange(id, choice, apiKey) {
      const result = await opsdesk.profiles.acceptCertificateChange({ id, choice, ...(apiKey.trim() ? { apiKey: apiKey.trim() } : {}) });
      if (result.ok) {
        set((state) => ({ profiles: state.profiles.map((profile) => (profile.id === id ? result.data : profile)), tests: withoutTest(state.tests, id) }));
        // Every line that showed the refusal follows this test: the banner, Settings, and (through the calls it makes) the connection's health.
        void get().test(id);
      }
      return result;
    },
  };
});

function withoutTest(tests: Record<string, ConnectionTest>, id: string): Record<string, ConnectionTest> {
  const { [id]: _removed, ...rest } = tests;
  return rest;
}

export const profilesOf = (profiles: ProfileView[], service: BackEnd): ProfileView[] =>
  profiles.filter((profile) => profile.service === service).sort((a, b) => a.name.localeCompare(b.name));

export const serviceOrder: readonly BackEnd[] = ['gateway', 'support', 'firewall'];
