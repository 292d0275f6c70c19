import { useState } from 'react';
import type { FormEvent, ReactNode } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import type { CertificateDetails } from '../../../src-shared/contract/define.ts';
import type { CertificateChange, CertificateChoice, ProfileView } from '../../../src-shared/contract/profiles.ts';
import { useFieldErrors } from '../../language/use-error-text.ts';
import { Dialog } from '../../ui/Dialog.tsx';
import { ErrorNotice } from '../../ui/ErrorNotice.tsx';
import { Fingerprint } from '../../ui/Fingerprint.tsx';
import { FormField } from '../../ui/FormField.tsx';
import { Time } from '../../ui/Time.tsx';
import { useCertificateChange } from './certificate-change-data.ts';
import { useAcceptCertificateChange } from './connections-data.ts';
import { certificateNameText } from '../../ui/certificate-names.ts';

interface Props {
  profile: ProfileView;
  onClose(): void;
}

/**
 * A pinned server presents another certificate: the one trusted before beside the new one, then
 * trust the new one or the system's certificates, with the key in the same step where it must be
 * entered again.
 */
export function CertificateChangeDialog({ profile, onClose }: Props) {
  const { t } = useTranslation();
  const change = useCertificateChange(profile.id);
  return (
    <Dialog title={t('certificateChange.title')} onClose={onClose} wide>
      <p>
        <Trans i18nKey="certificateChange.intro" values={{ name: profile.name }} components={{ strong: <strong /> }} />
      </p>
      {change.data ? (
        <Choice profile={profile} change={change.data} onClose={onClose} reread={() => void change.refetch()} />
      ) : (
        <>
          {change.error ? <ErrorNotice error={change.error} /> : <p className="muted">{t('certificateChange.reading')}</p>}
          <footer className="dialog-actions">
            <button type="button" className="button" onClick={onClose}>
              {t('certificateChange.cancel')}
            </button>
          </footer>
        </>
      )}
    </Dialog>
  );
}

function Choice({ profile, change, onClose, reread }: { profile: ProfileView; change: CertificateChange; onClose(): void; reread(): void }) {
  const { t } = useTranslation();
  const accept = useAcceptCertificateChange();
  const [trust, setTrust] = useState<CertificateChoice['trust']>('new');
  const [apiKey, setApiKey] = useState('');
  const error = accept.error;
  const fieldError = useFieldErrors(error);
  const unchanged = change.presented.sha256 === change.trusted.sha256;
  const keyNeeded = change.keyNeeded[trust];

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const choice: CertificateChoice = trust === 'new' ? { trust, sha256: change.presented.sha256 } : { trust };
    accept.mutate(
      { id: profile.id, choice, apiKey: keyNeeded ? apiKey : '' },
      {
        onSuccess: onClose,
        // The server changed its certificate again since it was shown: show the one it presents now.
        onError: (refusal) => {
          if (refusal.code === 'certificate_changed') reread();
        },
      },
    );
  };

  return (
    <form onSubmit={onSubmit} noValidate>
      <Comparison change={change} />
      {unchanged ? (
        <p className="notice">{t('certificateChange.unchanged')}</p>
      ) : (
        <fieldset className="cc-choices">
          <legend>{t('certificateChange.choices')}</legend>
          <label>
            <input type="radio" name="trust" checked={trust === 'new'} onChange={() => setTrust('new')} />
            {t('certificateChange.choiceNew')}
          </label>
          <label>
            <input type="radio" name="trust" checked={trust === 'system'} disabled={!change.systemAccepts} onChange={() => setTrust('system')} />
            {t('certificateChange.choiceSystem')}
          </label>
          <p className={change.systemAccepts ? 'cc-system muted' : 'cc-system text-danger'}>
            {change.systemAccepts ? t('certificateChange.systemAccepts') : t('certificateChange.systemRefuses')}
          </p>
        </fieldset>
      )}
      {!unchanged && keyNeeded && (
        <div className="cc-key">
          <p>{t('certificateChange.keyWhy')}</p>
          <FormField label={t('certificateChange.apiKey')} error={fieldError('apiKey')}>
            <input type="password" value={apiKey} onChange={(event) => setApiKey(event.target.value)} autoComplete="off" spellCheck={false} />
          </FormField>
        </div>
      )}
      {error && !fieldError('apiKey') && <ErrorNotice error={error} />}
      <footer className="dialog-actions">
        <button type="button" className="button" onClick={onClose}>
          {t('certificateChange.cancel')}
        </button>
        {!unchanged && (
          <button type="submit" className="button-primary" disabled={accept.isPending || (keyNeeded && apiKey.trim() === '')} data-autofocus>
            {accept.isPending ? t('certificateChange.working') : trust === 'new' ? t('certificateChange.trustNew') : t('certificateChange.useSystem')}
          </button>
        )}
      </footer>
    </form>
  );
}

/** The two certificates in two columns, each detail on one row, so that each pair is read side by side. */
function Comparison({ change }: { change: CertificateChange }) {
  const { t } = useTranslation();
  const before = change.trusted.details;
  const now = change.presented;
  const row = (label: string, trusted: ReactNode, presented: ReactNode) => (
    <tr>
      <th scope="row">{label}</th>
      <td>{trusted}</td>
      <td>{presented}</td>
    </tr>
  );
  return (
    <table className="cc-comparison">
      <thead>
        <tr>
          <td />
          <th scope="col">{t('certificateChange.trustedBefore')}</th>
          <th scope="col">{t('certificateChange.presentedNow')}</th>
        </tr>
      </thead>
      <tbody>
        {row(
          t('settings.certificate.sha256'),
          <Fingerprint value={change.trusted.sha256} label={t('certificateChange.trustedFingerprint')} narrow />,
          <Fingerprint value={now.sha256} label={t('certificateChange.presentedFingerprint')} narrow />,
        )}
        {before ? (
          <>
            {row(t('settings.certificate.subject'), before.subject, now.subject)}
            {row(t('settings.certificate.issuer'), before.issuer, now.issuer)}
            {row(t('settings.certificate.valid'), <Validity certificate={before} />, <Validity certificate={now} />)}
            {row(t('settings.certificate.names'), <Names certificate={before} />, <Names certificate={now} />)}
          </>
        ) : (
          <>
            {row(t('settings.certificate.subject'), <span className="muted">{t('certificateChange.detailsNotKept')}</span>, now.subject)}
            {row(t('settings.certificate.issuer'), null, now.issuer)}
            {row(t('settings.certificate.valid'), null, <Validity certificate={now} />)}
            {row(t('settings.certificate.names'), null, <Names certificate={now} />)}
          </>
        )}
      </tbody>
    </table>
  );
}

function Validity({ certificate }: { certificate: CertificateDetails }) {
  const { t } = useTranslation();
  const [openedAt] = useState(() => Date.now());
  const expired = new Date(certificate.validTo).getTime() < openedAt;
  return (
    <span className={expired ? 'text-danger' : undefined}>
      <Trans i18nKey="settings.certificate.validRange" components={{ from: <Time value={certificate.validFrom} />, to: <Time value={certificate.validTo} /> }} />
      {expired && ` ${t('settings.certificate.expired')}`}
    </span>
  );
}

function Names({ certificate }: { certificate: CertificateDetails }) {
  const { t } = useTranslation();
  return <>{certificate.subjectAltNames.map(certificateNameText).join(', ') || t('settings.certificate.none')}</>;
}
