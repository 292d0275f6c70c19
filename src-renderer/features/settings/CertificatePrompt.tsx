import { useState } from 'react';
import type { CertificateDetails, IpcError } from '../../../src-preload/contract/define.ts';
import type { ProfileView } from '../../../src-preload/contract/profiles.ts';
import { useProfilesStore } from '../../connections/profiles-store.ts';
import { Dialog } from '../../ui/Dialog.tsx';
import { ErrorNotice } from '../../ui/ErrorNotice.tsx';

interface Props {
  profile: ProfileView;
  certificate: CertificateDetails;
  onClose(): void;
}

const formatDate = (iso: string) => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleString();
};

/** As SSH does on first contact: show what the server presented and let the user trust it here only. */
export function CertificatePrompt({ profile, certificate, onClose }: Props) {
  const trust = useProfilesStore((state) => state.trust);
  const test = useProfilesStore((state) => state.test);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<IpcError | null>(null);
  const [openedAt] = useState(() => Date.now());
  const expired = new Date(certificate.validTo).getTime() < openedAt;

  const onTrust = async () => {
    setBusy(true);
    const result = await trust(profile.id, certificate.sha256);
    setBusy(false);
    if (!result.ok) return setError(result.error);
    onClose();
    void test(profile.id);
  };

  return (
    <Dialog title="Untrusted certificate" onClose={onClose} wide>
      <p>
        <strong>{profile.name}</strong> presented a certificate that this connection does not trust yet. Compare
        its fingerprint with the one your administrator gives you before you trust it.
      </p>
      <dl className="certificate-details">
        <dt>Subject</dt>
        <dd>{certificate.subject}</dd>
        <dt>Issuer</dt>
        <dd>{certificate.issuer}</dd>
        <dt>Valid</dt>
        <dd className={expired ? 'text-danger' : undefined}>
          {formatDate(certificate.validFrom)} to {formatDate(certificate.validTo)}
          {expired && ' (expired)'}
        </dd>
        <dt>Names</dt>
        <dd>{certificate.subjectAltNames.join(', ') || 'none'}</dd>
        <dt>SHA-256</dt>
        <dd className="fingerprint" aria-label="SHA-256 fingerprint">
          {certificate.sha256}
        </dd>
      </dl>
      <p className="muted">
        Trusting pins this exact certificate for this connection only: its fingerprint becomes the server’s
        identity, so it is accepted even if it names another host than the address you use (an appliance’s own
        certificate often names something like appliance.local while you reach it by IP). Other connections and
        the rest of your system are unaffected; if the certificate ever changes, OpsDesk refuses it and tells you.
      </p>
      {error && <ErrorNotice error={error} />}
      <footer className="dialog-actions">
        <button type="button" className="button" onClick={onClose}>
          Don’t trust
        </button>
        <button type="button" className="button-primary" disabled={busy} onClick={onTrust}>
          {busy ? 'Checking…' : `Trust for “${profile.name}”`}
        </button>
      </footer>
    </Dialog>
  );
}
