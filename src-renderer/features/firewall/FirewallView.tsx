import { useState } from 'react';
import { ServiceConnection } from '../../connections/ServiceConnection.tsx';
import { NothingCached } from '../../ui/NothingCached.tsx';
import { adminSections } from './admin/index.ts';
import { useAdminText } from './admin/use-admin-text.ts';

export function FirewallView() {
  const { t } = useAdminText();
  // Stands in for the firewall workspace's section nav until that shell is merged.
  const [sectionId, setSectionId] = useState(adminSections[0]!.id);
  const section = adminSections.find((candidate) => candidate.id === sectionId) ?? adminSections[0]!;
  return (
    <ServiceConnection
      service="firewall"
      title="Firewall"
      needs="Add a firewall appliance connection (address, API key and its certificate) in Settings."
    >
      {(profile) => (
        <>
          <NothingCached
            title="Alerts and block list"
            explanation="OpsDesk does not keep the appliance's alerts or block list yet; once it does, they show here even while the appliance is offline."
          />
          <nav className="admin-nav" aria-label="Firewall sections">
            {adminSections.map((candidate) => (
              <button key={candidate.id} type="button" aria-pressed={candidate.id === section.id} onClick={() => setSectionId(candidate.id)}>
                {t(candidate.title)}
              </button>
            ))}
          </nav>
          <section.component key={`${profile.id}|${section.id}`} profile={profile} />
        </>
      )}
    </ServiceConnection>
  );
}
