import { useTranslation } from 'react-i18next';
import { useState } from 'react';
import type { FormEvent } from 'react';
import type { IpcError } from '../../../../src-shared/contract/define.ts';
import type { WebhookSettings } from '../../../../src-shared/contract/firewall.ts';
import { useFieldErrorText } from '../../../language/use-error-text.ts';
import { ErrorNotice } from '../../../ui/ErrorNotice.tsx';
import { ReceiverDeliveries } from './ReceiverDeliveries.tsx';
import { SaveActions, saveWords } from './SaveActions.tsx';
import { useFirewallWrites, useWebhookSettings } from '../firewall-data.ts';
import { FormField } from '../../../ui/FormField.tsx';
import type { FirewallSectionProps } from '../section.ts';
import { visibleText } from '../../../../src-shared/visible-text.ts';

/** The appliance's event pushes: off by default; where to listen, whom to accept, the signing key and certificate (kept by main). */
export function WebhookReceiverSection({ profile }: FirewallSectionProps) {
  const { t } = useTranslation();
  const loaded = useWebhookSettings(profile.id);
  return (
    <section className="card fw-settings" aria-label={t('firewall.receiver.region')}>
      <h2>{t('firewall.receiver.region')}</h2>
      <p className="muted">{t('firewall.receiver.intro')}</p>
      {loaded.isPending && <p className="muted">{t('firewall.receiver.reading')}</p>}
      {loaded.isError && <ErrorNotice error={loaded.error} title={t('firewall.receiver.readFailed')} />}
      {loaded.isSuccess && <ReceiverForm profileId={profile.id} current={loaded.data} />}
    </section>
  );
}

function ReceiverStatus({ settings }: { settings: WebhookSettings }) {
  const { t } = useTranslation();
  const text = !settings.enabled
    ? t('firewall.receiver.status.off')
    : settings.listening
      ? t('firewall.receiver.status.listening', { host: settings.host, port: String(settings.port), appliance: settings.applianceAddress })
      : t(`firewall.receiver.status.notListening.${settings.notListening?.reason ?? 'pending'}`, {
          host: settings.host,
          port: String(settings.port),
          systemCode: settings.notListening?.reason === 'address_refused' ? settings.notListening.systemCode : '',
        });
  return (
    <p className={settings.enabled && !settings.listening ? 'fw-sync-progress text-danger' : 'fw-sync-progress'} role="status" aria-label={t('firewall.receiver.status.label')}>
      <strong>{t('firewall.receiver.status.label')}</strong> <bdi>{visibleText(text)}</bdi>
    </p>
  );
}

function ReceiverForm({ profileId, current }: { profileId: string; current: WebhookSettings }) {
  const { t } = useTranslation();
  const fieldErrorText = useFieldErrorText();
  const writes = useFirewallWrites(profileId);
  const initial = current;
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
    const result = await writes.saveWebhook({
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
    // Secrets are not kept in the window once main has them.
    setValues((previous) => ({ ...previous, signingKey: '', removeSigningKey: false, certificatePem: '', privateKeyPem: '' }));
    setSaved(true);
  };

  return (
    <>
      <ReceiverStatus settings={current} />
      <ReceiverDeliveries deliveries={current.deliveries} />
      <form className="admin-form fw-settings-form" aria-label={t('firewall.receiver.region')} onSubmit={(event) => void submit(event)} noValidate>
        <label className="admin-checkbox">
          <input type="checkbox" checked={values.enabled} onChange={(event) => setValues({ ...values, enabled: event.target.checked })} />
          {t('firewall.receiver.enabled')}
        </label>
        <div className="field-row">
          <FormField label={t('firewall.receiver.host')} error={refused('host')} help={t('firewall.receiver.hostHelp')}>
            <input {...text('host')} spellCheck={false} />
          </FormField>
          <FormField label={t('firewall.receiver.port')} error={refused('port')}>
            <input {...text('port')} type="number" min={1} max={65_535} inputMode="numeric" />
          </FormField>
          <FormField label={t('firewall.receiver.applianceAddress')} error={refused('applianceAddress')} help={t('firewall.receiver.applianceAddressHelp')}>
            <input {...text('applianceAddress')} spellCheck={false} />
          </FormField>
        </div>
        <FormField label={t('firewall.receiver.signingKey')} error={refused('signingKey')} help={current.hasSigningKey ? t('firewall.receiver.signingKeyStored') : t('firewall.receiver.signingKeyNone')}>
          <input {...text('signingKey')} type="password" autoComplete="off" disabled={values.removeSigningKey} />
        </FormField>
        {current.hasSigningKey && (
          <label className="admin-checkbox">
            <input type="checkbox" checked={values.removeSigningKey} onChange={(event) => setValues({ ...values, removeSigningKey: event.target.checked })} />
            {t('firewall.receiver.removeSigningKey')}
          </label>
        )}
        <p className="field-help">{current.hasCertificate ? t('firewall.receiver.tlsStored') : t('firewall.receiver.tlsHelp')}</p>
        <div className="field-row fw-pem-row">
          <FormField label={t('firewall.receiver.certificate')} error={refused('certificatePem')}>
            <textarea className="code-text" {...text('certificatePem')} rows={4} spellCheck={false} />
          </FormField>
          <FormField label={t('firewall.receiver.privateKey')} error={refused('privateKeyPem')}>
            <textarea className="code-text" {...text('privateKeyPem')} rows={4} spellCheck={false} autoComplete="off" />
          </FormField>
        </div>
        <SaveActions words={saveWords(t, 'firewall.receiver')} busy={busy} saved={saved} error={error} />
      </form>
    </>
  );
}
