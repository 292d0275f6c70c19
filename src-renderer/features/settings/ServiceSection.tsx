import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ProfileView, BackEnd } from '../../../src-shared/contract/profiles.ts';
import { CertificateChangeDialog, ProfileForm } from '../connections/index.ts';
import { profilesOf, useConnectionTest, useProfiles, useRunConnectionTest } from '../connections/index.ts';
import { CertificatePrompt } from './CertificatePrompt.tsx';
import { ProfileRow } from './ProfileRow.tsx';

type Editing = { kind: 'new' } | { kind: 'edit'; profile: ProfileView } | null;

/** The connections of one back end: list, add, edit, test, trust a certificate. */
export function ServiceSection({ service }: { service: BackEnd }) {
  const { t } = useTranslation();
  const allProfiles = useProfiles();
  const profiles = useMemo(() => profilesOf(allProfiles, service), [allProfiles, service]);
  const runTest = useRunConnectionTest();
  const [editing, setEditing] = useState<Editing>(null);
  const [reviewing, setReviewing] = useState<string | null>(null);
  const [changing, setChanging] = useState<string | null>(null);
  const changed = profiles.find((profile) => profile.id === changing);

  const reviewed = profiles.find((profile) => profile.id === reviewing);
  const reviewedTest = useConnectionTest(reviewing ?? undefined);
  const certificate = reviewedTest?.state === 'failed' ? reviewedTest.error.certificate : undefined;

  const testAndPrompt = async (id: string) => {
    const outcome = await runTest(id);
    if (outcome.state === 'failed' && (outcome.error.code === 'untrusted_certificate' || outcome.error.code === 'certificate_chain_incomplete') && outcome.error.certificate) setReviewing(id);
  };

  return (
    <section className="card" aria-labelledby={`section-${service}`} data-settings-section={service}>
      <header className="section-header">
        <h2 id={`section-${service}`} tabIndex={-1}>{t(`services.${service}.title`)}</h2>
        <button type="button" className="button" onClick={() => setEditing({ kind: 'new' })}>
          {t('settings.section.add')}
        </button>
      </header>
      {profiles.length === 0 ? (
        <p className="muted">{t('settings.section.none', { service: t(`services.${service}.noun`) })}</p>
      ) : (
        <ul className="profile-list">
          {profiles.map((profile) => (
            <ProfileRow
              key={profile.id}
              profile={profile}
              onEdit={() => setEditing({ kind: 'edit', profile })}
              onReviewCertificate={() => setReviewing(profile.id)}
              onReviewChange={() => setChanging(profile.id)}
            />
          ))}
        </ul>
      )}
      {editing && (
        <ProfileForm
          service={service}
          profile={editing.kind === 'edit' ? editing.profile : undefined}
          onClose={() => setEditing(null)}
          onSaved={(saved) => {
            setEditing(null);
            void testAndPrompt(saved.id);
          }}
        />
      )}
      {reviewed && certificate && (
        <CertificatePrompt profile={reviewed} certificate={certificate} onClose={() => setReviewing(null)} />
      )}
      {changed && <CertificateChangeDialog profile={changed} onClose={() => setChanging(null)} />}
    </section>
  );
}
