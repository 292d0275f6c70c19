import { useEffect, useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ProfileView, BackEnd } from '../../../src-shared/contract/profiles.ts';
import { ErrorNotice } from '../../ui/ErrorNotice.tsx';
import { LiveBadge } from '../../ui/LiveBadge.tsx';
import { NotConfigured } from '../../ui/NotConfigured.tsx';
import { useViewFilters } from '../../ui/view-filters-store.ts';
import { AddConnection } from './AddConnection.tsx';
import { ConnectionBanner } from './ConnectionBanner.tsx';
import { FirstStart } from './FirstStart.tsx';
import {
  profilesOf,
  useConnectionHealth,
  useConnectionTest,
  useConnectionWatch,
  useLastProfiles,
  useProfileList,
  useRememberProfile,
  useRunConnectionTest,
} from './connections-data.ts';
import { defaultProfile } from './default-profile.ts';
import { connectionState } from './connection-state.ts';
import { ConnectionAboveContext } from '../../ui/connection-above.ts';

interface Props {
  service: BackEnd;
  title: string;
  needs: string;
  /** For a view of one item: the profile the item came from, instead of the user's choice. */
  profileId?: string;
  /** What the view adds to the connection's quiet line in its header (the firewall's sync state). */
  status?: (profile: ProfileView) => ReactNode;
  /** The view's body, from the cache: shown whether or not the back end answers. */
  children: (profile: ProfileView) => ReactNode;
  /** The connection is not what the view is about: its name and state are one small line under the body. */
  secondary?: boolean;
}

/**
 * Every back-end view: which connection it uses (with its LIVE badge), the connection's state, and
 * the view's body below it, which never waits for the connection. A connection that answers is a
 * quiet line in the header, as a mail client's; one that does not is a banner above the body.
 */
export function ServiceConnection({ service, title, needs, profileId, status, children, secondary = false }: Props) {
  const { t } = useTranslation();
  const list = useProfileList();
  const allProfiles = list.data?.profiles;
  const runTest = useRunConnectionTest();
  const profiles = useMemo(() => profilesOf(allProfiles ?? [], service), [allProfiles, service]);
  const lastUsed = useLastProfiles();
  const remember = useRememberProfile();
  const [chosenId, setChosenId] = useState<string | null>(null);
  const fallback = defaultProfile(profiles, lastUsed?.[service]);
  const chosen = profiles.find((candidate) => candidate.id === chosenId);
  const profile = profileId !== undefined ? profiles.find((candidate) => candidate.id === profileId) : (chosen ?? fallback.profile);
  const liveByDefault = profileId === undefined && !chosen && fallback.liveByDefault;
  const test = useConnectionTest(profile?.id);
  const health = useConnectionHealth(profile?.id);
  const loadViewFilters = useViewFilters((state) => state.load);

  useEffect(() => {
    if (profile && !test) void runTest(profile.id);
  }, [profile, test, runTest]);
  // A hidden tab's effects stop (workspace/Workspace.tsx): only a view in sight keeps main reading the back end's health.
  useConnectionWatch(profile?.id);
  // Before a section asks: what its filters were when the analyst left it, kept by main.
  useEffect(() => {
    if (profile) loadViewFilters(profile.id);
  }, [profile, loadViewFilters]);

  // Which connection opens depends on the last one used: a view waits for it rather than switching after.
  if (list.isPending || (profileId === undefined && profiles.length > 1 && lastUsed === undefined)) return <p className="view muted">{t('connection.loading')}</p>;
  if (list.isError) {
    return (
      <div className="view">
        <ErrorNotice error={list.error} title={t('connection.loadFailed')} />
        <button type="button" className="button" onClick={() => void list.refetch()}>
          {t('connection.tryAgain')}
        </button>
      </div>
    );
  }
  if (!profile) {
    if (profileId === undefined && allProfiles?.length === 0) return <FirstStart service={service} />;
    const heading = profileId === undefined ? t('connection.notSetUp', { title }) : t('connection.gone', { title });
    return <NotConfigured heading={heading} needs={needs} service={service} add={profileId === undefined && <AddConnection service={service} primary />} />;
  }

  const connection = connectionState(health, test);
  const quiet = connection.kind === 'connected' || connection.kind === 'connecting';
  const banner = <ConnectionBanner profile={profile} state={connection} health={health} test={test} retry={() => void runTest(profile.id, true)} />;
  const body = <ConnectionAboveContext value={connection}>{children(profile)}</ConnectionAboveContext>;
  if (secondary) {
    return (
      <div className="view">
        {body}
        <div className="connection-secondary">
          <span className="muted">{profile.name}</span>
          {profile.live && <LiveBadge />}
          {banner}
        </div>
      </div>
    );
  }
  return (
    <div className="view">
      <header className="view-header">
        <h1>{title}</h1>
        {profiles.length > 1 && profileId === undefined ? (
          <select aria-label={t('connection.chooser', { title })} value={profile.id} onChange={(event) => {
              setChosenId(event.target.value);
              remember.mutate({ service, profileId: event.target.value });
            }}>
            {profiles.map((candidate) => (
              <option key={candidate.id} value={candidate.id}>
                {candidate.live ? t('connection.liveOption', { name: candidate.name }) : candidate.name}
              </option>
            ))}
          </select>
        ) : (
          <span className="muted">{profile.name}</span>
        )}
        {profile.live && <LiveBadge />}
        <div className="view-header-status">
          {quiet && banner}
          {status && <ConnectionAboveContext value={connection}>{status(profile)}</ConnectionAboveContext>}
        </div>
      </header>
      {liveByDefault && (
        <p className="notice notice-warning" role="note">
          {t('connection.liveByDefault', { name: profile.name })}
        </p>
      )}
      {!quiet && banner}
      {body}
    </div>
  );
}
