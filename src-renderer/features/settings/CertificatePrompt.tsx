import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import type { CertificateDetails } from '../../../src-shared/contract/define.ts';
import type { ProfileView } from '../../../src-shared/contract/profiles.ts';
import { useTrustCertificate } from '../connections/index.ts';
import { Dialog } from '../../ui/Dialog.tsx';
import { ErrorNotice } from '../../ui/ErrorNotice.tsx';
import { Fingerprint } from '../../ui/Fingerprint.tsx';
import { Time } from '../../ui/Time.tsx';
import { certificateNameText } from '../../ui/certificate-names.ts';

interface Props {
  profile: ProfileView;
  certificate: CertificateDetails;
  onClose(): void;
}

/** As SSH does on first contact: show what the server presented and let the user trust it here only. */
export function CertificatePrompt({ profile, certificate, onClose }: Props) {
  const { t } = useTranslation();
  const trust = useTrustCertificate();
  const [openedAt] = useState(() => Date.now());
  const expired = new Date(certificate.validTo).getTime() < openedAt;

  const onTrust = () => trust.mutate({ id: profile.id, sha256: certificate.sha256 }, { onSuccess: onClose });

  return (
    <Dialog title={t('settings.certificate.title')} onClose={onClose} wide>
      <p>
        <Trans i18nKey="settings.certificate.intro" values={{ name: profile.name }} components={{ strong: <strong /> }} />
      </p>
      <dl className="certificate-details">
        <dt>{t('settings.certificate.subject')}</dt>
        <dd>{certificate.subject}</dd>
        <dt>{t('settings.certificate.issuer')}</dt>
        <dd>{certificate.issuer}</dd>
        <dt>{t('settings.certificate.valid')}</dt>
        <dd className={expired ? 'text-danger' : undefined}>
          <Trans
            i18nKey="settings.certificate.validRange"
            components={{ from: <Time value={certificate.validFrom} />, to: <Time value={certificate.validTo} /> }}
          />
          {expired && ` ${t('settings.certificate.expired')}`}
        </dd>
        <dt>{t('settings.certificate.names')}</dt>
        <dd>{certificate.subjectAltNames.map(certificateNameText).join(', ') || t('settings.certificate.none')}</dd>
        <dt>{t('settings.certificate.sha256')}</dt>
        <dd>
          <Fingerprint value={certificate.sha256} label={t('settings.certificate.sha256Label')} />
        </dd>
      </dl>
      <p className="muted">{t('settings.certificate.pinExplanation')}</p>
      {trust.error && <ErrorNotice error={trust.error} />}
      <footer className="dialog-actions">
        <button type="button" className="button" onClick={onClose}>
          {t('settings.certificate.dontTrust')}
        </button>
        <button type="button" className="button-primary" disabled={trust.isPending} onClick={onTrust}>
          {trust.isPending ? t('settings.certificate.checking') : t('settings.certificate.trust', { name: profile.name })}
        </button>
      </footer>
    </Dialog>
  );
}
