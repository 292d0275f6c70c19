import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { BackEnd } from '../../src-shared/contract/profiles.ts';
import { useWorkspaceStore } from '../navigation/workspace-store.ts';

interface Props {
  heading: string;
  needs: string;
  /** The back end to set up: Settings opens at its connections. */
  service: BackEnd;
  /** The way to add that back end's connection right here, first. */
  add?: ReactNode;
}

/** What an unconfigured view shows: what to set up, and the way to that back end's connections in Settings. */
export function NotConfigured({ heading, needs, service, add }: Props) {
  const { t } = useTranslation();
  const navigate = useWorkspaceStore((state) => state.navigate);
  return (
    <div className="empty-state">
      <h1>{heading}</h1>
      <p>{needs}</p>
      {add}
      <button type="button" className={add ? 'button' : 'button-primary'} onClick={() => navigate({ kind: 'settings', params: { section: service } })}>
        {t('notConfigured.openSettings')}
      </button>
    </div>
  );
}
