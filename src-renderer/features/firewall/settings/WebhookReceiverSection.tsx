import { useEffect, useState } from 'react';
import type { FormEvent } from 'react';
import type { IpcError } from '../../../../src-preload/contract/define.ts';
import type { WebhookSettings } from '../../../../src-preload/contract/firewall.ts';
import { opsdesk } from '../../../bridge.ts';
import { useFieldErrorText } from '../../../language/use-error-text.ts';
import { ErrorNotice } from '../../../ui/ErrorNotice.tsx';
import { ReceiverDeliveries } from './ReceiverDeliveries.tsx';
import { SaveActions } from './SaveActions.tsx';
import { fill } from '../../../ui/fill-template.ts';
import { useBridgeQuery } from '../../../ui/use-bridge-query.ts';
import { useCatalogSection } from '../../../ui/use-catalog-section.ts';
import { FormField } from '../../../ui/FormField.tsx';
import type { FirewallSectionProps } from '../section.ts';
import { visibleText } from '../table/visible-text.ts';

/** The appliance's event pushes: off by default; where to listen, whom to accept, the signing key and certificate (kept by main). */
export function WebhookReceiverSection({ profile }: FirewallSectionProps) {
  const s = useCatalogSection('firewall').receiver;
  const [loaded] = useBridgeQuery(() => opsdesk.firewall.webhook({ profileId: profile.id }));
  return (
    <section className="card fw-settings" aria-label={s.region}>
      <h2>{s.region}</h2>
      <p className="muted">{s.intro}</p>
      {loaded.status === 'loading' && <p className="muted">{s.reading}</p>}
      {loaded.status === 'failed' && <ErrorNotice error={loaded.error} title={s.readFailed} />}
      {loaded.status === 'ready' && <ReceiverForm profileId={profile.id} initial={loaded.data} />}
    </section>
  );
}

function ReceiverStatus({ settings }: { settings: WebhookSettings }) {
  const s = useCatalogSection('firewall').receiver.status;
  const text = !settings.enabled
    ? s.off
    : settings.listening
      ? fill(s.listening, { host: settings.host, port: String(settings.port), appliance: settings.applianceAddress })
      : fill(s.notListening, { reason: settings.error ?? '' });
  return (
    <p className={settings.enabled && !settings.listening ? 'fw-sync-progress text-danger' : 'fw-sync-progress'} role="status" aria-label={s.label}>
      <strong>{s.label}</strong> <bdi>{visibleText(text)}</bdi>
    </p>
  );
}

function ReceiverForm({ profileId, initial }: { profileId: string; initial: WebhookSettings }) {
  const s = useCatalogSection('firewall').receiver;
  const fieldErrorText = useFieldErrorText();
  const [current, setCurrent] = useState(initial);
  const [values, setValues] = useState({
    enabled: initial.enabled,
    host: initial.host,
    port: String(initial.port),
    applianceAddress: initial.applianceAddress,
    signingKey: '',
    removeSigningKey: false,
    certificatePem: '',
    privateKeyPem: '',
  });
  const [error, setError] = useState<IpcError | null>(null);
  const [busy, setBusy] = useState(false);
  const [saved, setSaved] = useState(false);
  useEffect(
    () =>
      opsdesk.firewall.onWebhookDeliveriesChanged((change) => {
        if (change.profileId === profileId) setCurrent((previous) => ({ ...previous, deliveries: change.deliveries }));
      }),
    [profileId],
  );
  const text = (field: 'host' | 'port' | 'applianceAddress' | 'signingKey' | 'certificatePem' | 'privateKeyPem') => ({
    value: values[field],
    onChange: (event: { target: { value: string } }) => {
      setValues({ ...values, [field]: event.target.value });
      setSaved(false);
    },
  });
  const refused = (field: string) => {
    const found = error?.fieldErrors?.find((candidate) => candidate.path === field);
    return found && fieldErrorText(found);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    const signingKey = values.removeSigningKey ? '' : values.signingKey || undefined;
    const result = await opsdesk.firewall.saveWebhook({
      profileId,
      enabled: values.enabled,
      host: values.host,
      // A port that is not a number is refused by main's check, on this field.
      port: Number(values.port.trim() || Number.NaN),
      applianceAddress: values.applianceAddress,
      ...(signingKey !== undefined && { signingKey }),
      ...(values.certificatePem.trim() && { certificatePem: values.certificatePem }),
      ...(values.privateKeyPem.trim() && { privateKeyPem: values.privateKeyPem }),
    });
    setBusy(false);
    if (!result.ok) return setError(result.error);
    setError(null);
    setCurrent(result.data);
    // Secrets are not kept in the window once main has them.
    setValues((previous) => ({ ...previous, signingKey: '', removeSigningKey: false, certificatePem: '', privateKeyPem: '' }));
    setSaved(true);
  };

  return (
    <>
      <ReceiverStatus settings={current} />
      <ReceiverDeliveries deliveries={current.deliveries} />
      <form className="admin-form fw-settings-form" aria-label={s.region} onSubmit={(event) => void submit(event)} noValidate>
        <label className="admin-checkbox">
          <input type="checkbox" checked={values.enabled} onChange={(event) => setValues({ ...values, enabled: event.target.checked })} />
          {s.enabled}
        </label>
        <div className="field-row">
          <FormField label={s.host} error={refused('host')} help={s.hostHelp}>
            <input {...text('host')} spellCheck={false} />
          </FormField>
          <FormField label={s.port} error={refused('port')}>
            <input {...text('port')} type="number" min={1} max={65_535} inputMode="numeric" />
          </FormField>
          <FormField label={s.applianceAddress} error={refused('applianceAddress')} help={s.applianceAddressHelp}>
            <input {...text('applianceAddress')} spellCheck={false} />
          </FormField>
        </div>
        <FormField label={s.signingKey} error={refused('signingKey')} help={current.hasSigningKey ? s.signingKeyStored : s.signingKeyNone}>
          <input {...text('signingKey')} type="password" autoComplete="off" disabled={values.removeSigningKey} />
        </FormField>
        {current.hasSigningKey && (
          <label className="admin-checkbox">
            <input type="checkbox" checked={values.removeSigningKey} onChange={(event) => setValues({ ...values, removeSigningKey: event.target.checked })} />
            {s.removeSigningKey}
          </label>
        )}
        <p className="field-help">{current.hasCertificate ? s.tlsStored : s.tlsHelp}</p>
        <div className="field-row fw-pem-row">
          <FormField label={s.certificate} error={refused('certificatePem')}>
            <textarea {...text('certificatePem')} rows={4} spellCheck={false} />
          </FormField>
          <FormField label={s.privateKey} error={refused('privateKeyPem')}>
            <textarea {...text('privateKeyPem')} rows={4} spellCheck={false} autoComplete="off" />
          </FormField>
        </div>
        <SaveActions words={s} busy={busy} saved={saved} error={error} />
      </form>
    </>
  );
}
