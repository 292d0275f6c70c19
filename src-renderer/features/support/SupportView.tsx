import { memo, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ProfileView } from '../../../src-shared/contract/profiles.ts';
import type { ViewParams } from '../../../src-shared/contract/workspace.ts';
import { ServiceConnection } from '../connections/index.ts';
import { AccessSummary } from './access/AccessSummary.tsx';
import { ViewLoading } from '../../ui/ViewLoading.tsx';
import { supportSections } from './sections.ts';
import './support.css';

/** The Support workspace: one support site's key (LIVE or TEST, its type, what it may do), its sections in a nav. */
export function SupportView({ params = {} }: { params?: ViewParams<'support'> }) {
  const { t } = useTranslation();
  return (
    <ServiceConnection
      service="support"
      title={t('views.support.title')}
      {...(params.profileId !== undefined && { profileId: params.profileId })}
      needs={t('features.support.needs')}
    >
      {(profile) => (
        <SupportWorkspace
          key={profile.id}
          profile={profile}
          initialSection={params.section}
          itemId={params.itemId}
        />
      )}
    </ServiceConnection>
  );
}

interface WorkspaceProps {
  profile: ProfileView;
  initialSection: string | undefined;
  itemId: string | undefined;
}

/**
 * Built again only when its own props change: the connection's health above it changes with every
 * answer the site gives (500 closes, 500 changes), and the section below needs none of them.
 */
const SupportWorkspace = memo(function SupportWorkspace({ profile, initialSection, itemId }: WorkspaceProps) {
  const { t } = useTranslation();
  const [sectionId, setSectionId] = useState(() => supportSections.find((section) => section.id === initialSection)?.id ?? supportSections[0]!.id);
  const section = supportSections.find((candidate) => candidate.id === sectionId) ?? supportSections[0]!;

  return (
    <div className="support-workspace">
      <AccessSummary profileId={profile.id} headerShowsLive={profile.live} />
      <div className="support-body">
        <nav className="support-nav" aria-label={t('supportDesk.sections.nav')}>
          {supportSections.map((candidate) => (
            <button
              key={candidate.id}
              type="button"
              className={candidate.id === section.id ? 'support-nav-item support-nav-active' : 'support-nav-item'}
              aria-current={candidate.id === section.id ? 'page' : undefined}
              onClick={() => setSectionId(candidate.id)}
            >
              {candidate.title()}
            </button>
          ))}
        </nav>
        <div className="support-section">
          <Suspense fallback={<ViewLoading />}>
            {section.id === initialSection && itemId !== undefined ? <section.component profile={profile} itemId={itemId} /> : <section.component profile={profile} />}
          </Suspense>
        </div>
      </div>
    </div>
  );
});
