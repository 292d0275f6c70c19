import { useTranslation } from 'react-i18next';
import { Suspense, useState } from 'react';
import type { ProfileView } from '../../../src-shared/contract/profiles.ts';
import type { ViewParams } from '../../../src-shared/contract/workspace.ts';
import { ServiceConnection } from '../connections/index.ts';
import { OperateNotice } from './OperateNotice.tsx';
import { firewallSections } from './sections.ts';
import { SyncLine } from './SyncLine.tsx';
import { ViewLoading } from '../../ui/ViewLoading.tsx';
import './firewall.css';

/** The Firewall workspace: one appliance, its sections in a nav, and its sync state always in view in the header. */
export function FirewallView({ params = {} }: { params?: ViewParams<'firewall'> }) {
  const { t } = useTranslation();
  return (
    <ServiceConnection
      service="firewall"
      title={t('firewall.title')}
      {...(params.profileId !== undefined && { profileId: params.profileId })}
      needs={t('firewall.needs')}
      status={(profile) => <SyncLine profileId={profile.id} />}
    >
      {(profile) => (
        <FirewallWorkspace
          key={profile.id}
          profile={profile}
          initialSection={params.section}
        />
      )}
    </ServiceConnection>
  );
}

interface WorkspaceProps {
  profile: ProfileView;
  initialSection: string | undefined;
}

function FirewallWorkspace({ profile, initialSection }: WorkspaceProps) {
  const { t } = useTranslation();
  const [sectionId, setSectionId] = useState(() => firewallSections.find((section) => section.id === initialSection)?.id ?? firewallSections[0]!.id);
  const section = firewallSections.find((candidate) => candidate.id === sectionId) ?? firewallSections[0]!;

  return (
    <div className="fw-workspace">
      <OperateNotice profileId={profile.id} />
      <div className="fw-body">
        <nav className="fw-nav" aria-label={t('firewall.sections.nav')}>
          {firewallSections.map((candidate) => (
            <button
              key={candidate.id}
              type="button"
              className={candidate.id === section.id ? 'fw-nav-item fw-nav-active' : 'fw-nav-item'}
              aria-current={candidate.id === section.id ? 'page' : undefined}
              onClick={() => setSectionId(candidate.id)}
            >
              {candidate.title()}
            </button>
          ))}
        </nav>
        <div className="fw-section">
          <Suspense fallback={<ViewLoading />}>
            <section.component profile={profile} />
          </Suspense>
        </div>
      </div>
    </div>
  );
}
