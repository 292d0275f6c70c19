import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ServiceConnection } from '../../connections/ServiceConnection.tsx';
import { NothingCached } from '../../ui/NothingCached.tsx';
import { adminSections } from './admin/index.ts';

export function FirewallView() {
  const { t } = useTranslation();
  // Stands in for the firewall workspace's section nav until that shell is merged.
  const [sectionId, setSectionId] = useState(adminSections[0]!.id);
  const section = adminSections.find((candidate) => candidate.id === sectionId) ?? adminSections[0]!;
  return (
    <ServiceConnection service="firewall" title={t('views.firewall.title')} needs={t('features.firewall.needs')}>
      {(profile) => (
        <>
          <NothingCached title={t('features.firewall.cacheTitle')} explanation={t('features.firewall.cacheExplanation')} />
          <nav className="admin-nav" aria-label={t('firewallAdmin.sections.nav')}>
            {adminSections.map((candidate) => (
              <button key={candidate.id} type="button" aria-pressed={candidate.id === section.id} onClick={() => setSectionId(candidate.id)}>
                {candidate.title()}
              </button>
            ))}
          </nav>
          <section.component key={`${profile.id}|${section.id}`} profile={profile} />
        </>
      )}
    </ServiceConnection>
  );
}
