import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ProfileView } from '../../../src-shared/contract/profiles.ts';
import { ConnectionSummaryText } from '../connections/index.ts';
import { useConnectionTest, useRunConnectionTest } from '../connections/index.ts';
import { ErrorNotice } from '../../ui/ErrorNotice.tsx';
import { LiveBadge } from '../../ui/LiveBadge.tsx';
import { RemoveProfileDialog } from './RemoveProfileDialog.tsx';
import { SiteChoice } from './SiteChoice.tsx';

interface Props {
  profile: ProfileView;
  onEdit(): void;
  onReviewCertificate(): void;
  /** The server presents another certificate than the pinned one. */
  onReviewChange(): void;
}

export function ProfileRow({ profile, onEdit, onReviewCertificate, onReviewChange }: Props) {
  const { t } = useTranslation();
  const test = useConnectionTest(profile.id);
  const runTest = useRunConnectionTest();
  const [removing, setRemoving] = useState(false);

  return (
    <li className="profile-row" aria-label={t('settings.row.label', { name: profile.name })}>
      <div className="profile-main">
        <div className="profile-title">
          <strong>{profile.name}</strong>
          {profile.live && <LiveBadge />}
        </div>
        <div className="profile-meta">
          <span>{profile.baseUrl}</span>
          <span>
            {profile.hasKey
              ? profile.keyHint
                ? t('settings.row.key', { hint: profile.keyHint })
                : t('settings.row.keyStored')
              : t('settings.row.noKey')}
          </span>
          <span>{t('settings.row.trusts', { trust: t(`settings.row.trust_${profile.trust.mode}`) })}</span>
        </div>
        <div className="profile-test" aria-live="polite">
          {test?.state === 'running' && <span className="muted">{t('settings.row.testing')}</span>}
          {test?.state === 'passed' && (
            <span>
              <span className="text-ok">{t('settings.row.connected')}</span> · <ConnectionSummaryText summary={test.report.summary} />
            </span>
          )}
          {test?.state === 'passed' && test.report.summary.service === 'support' && !(profile.settings as { site?: string }).site && (
            test.report.summary.sites.length > 1 ? (
              <SiteChoice profile={profile} sites={test.report.summary.sites} answered={test.report.summary.site} />
            ) : (
              test.report.summary.sites.length === 0 && <p className="muted">{t('settings.row.noSites')}</p>
            )
          )}
          {test?.state === 'failed' && (
            <>
              <ErrorNotice error={test.error} title={t('settings.row.failed')} />
              {(test.error.code === 'untrusted_certificate' || test.error.code === 'certificate_chain_incomplete') && test.error.certificate && (
                <button type="button" className="button" onClick={onReviewCertificate}>
                  {t('settings.row.reviewCertificate')}
                </button>
              )}
              {test.error.code === 'certificate_changed' && profile.trust.mode === 'pinned' && (
                <button type="button" className="button" onClick={onReviewChange}>
                  {t('certificateChange.review')}
                </button>
              )}
            </>
          )}
        </div>
      </div>
      <div className="profile-actions">
        <button type="button" className="button" disabled={test?.state === 'running'} onClick={() => void runTest(profile.id)}>
          {t('settings.row.test')}
        </button>
        <button type="button" className="button" onClick={onEdit}>
          {t('settings.row.edit')}
        </button>
        <button type="button" className="button" onClick={() => setRemoving(true)}>
          {t('settings.row.delete')}
        </button>
      </div>
      {removing && <RemoveProfileDialog profile={profile} onClose={() => setRemoving(false)} />}
    </li>
  );
}
