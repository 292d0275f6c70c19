import { useEffect, useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import type { ProfileView, ServiceName } from '../../src-preload/contract/profiles.ts';
import { ErrorNotice } from '../ui/ErrorNotice.tsx';
import { LiveBadge } from '../ui/LiveBadge.tsx';
import { NotConfigured } from '../ui/NotConfigured.tsx';
import { useWorkspaceStore } from '../workspace/workspace-store.ts';
import { ConnectionSummaryText } from './ConnectionSummaryText.tsx';
import { profilesOf, useProfilesStore } from './profiles-store.ts';

interface Props {
  service: ServiceName;
  title: string;
  needs: string;
  children?: (profile: ProfileView) => ReactNode;
}

/**
 * The top of every back-end view: which connection it uses (with its LIVE badge), whether that
 * connection works, and what to do when it does not. An unconfigured view says what to set up.
 */
export function ServiceConnection({ service, title, needs, children }: Props) {
  const status = useProfilesStore((state) => state.status);
  const loadError = useProfilesStore((state) => state.loadError);
  const allProfiles = useProfilesStore((state) => state.profiles);
  const tests = useProfilesStore((state) => state.tests);
  const load = useProfilesStore((state) => state.load);
  const runTest = useProfilesStore((state) => state.test);
  const show = useWorkspaceStore((state) => state.show);
  const profiles = useMemo(() => profilesOf(allProfiles, service), [allProfiles, service]);
  const [chosenId, setChosenId] = useState<string | null>(null);
  const profile = profiles.find((candidate) => candidate.id === chosenId) ?? profiles[0];
  const test = profile ? tests[profile.id] : undefined;

  useEffect(() => {
    if (status === 'loading') void load();
  }, [status, load]);
  useEffect(() => {
    if (profile && !test) void runTest(profile.id);
  }, [profile, test, runTest]);

  if (status === 'loading') return <p className="view muted">Loading connections…</p>;
  if (status === 'failed' && loadError) {
    return (
      <div className="view">
        <ErrorNotice error={loadError} title="Connections could not be loaded" />
        <button type="button" className="button" onClick={() => void load()}>
          Try again
        </button>
      </div>
    );
  }
  if (!profile) return <NotConfigured title={title} needs={needs} />;

  return (
    <div className="view">
      <header className="view-header">
        <h1>{title}</h1>
        {profiles.length > 1 ? (
          <select aria-label={`${title} connection`} value={profile.id} onChange={(event) => setChosenId(event.target.value)}>
            {profiles.map((candidate) => (
              <option key={candidate.id} value={candidate.id}>
                {candidate.live ? `${candidate.name} (LIVE)` : candidate.name}
              </option>
            ))}
          </select>
        ) : (
          <span className="muted">{profile.name}</span>
        )}
        {profile.live && <LiveBadge />}
        <button type="button" className="button" disabled={test?.state === 'running'} onClick={() => void runTest(profile.id)}>
          Test again
        </button>
      </header>
      <section className="card connection-status" aria-live="polite">
        {(!test || test.state === 'running') && <p className="muted">Connecting to {profile.name}…</p>}
        {test?.state === 'passed' && (
          <p className="text-ok">
            Connected to {profile.name} · <ConnectionSummaryText summary={test.report.summary} />
          </p>
        )}
        {test?.state === 'failed' && (
          <>
            <ErrorNotice error={test.error} title={`Cannot reach ${profile.name}`} />
            <button type="button" className="button" onClick={() => show('settings')}>
              Open Settings
            </button>
          </>
        )}
      </section>
      {test?.state === 'passed' && children?.(profile)}
    </div>
  );
}
