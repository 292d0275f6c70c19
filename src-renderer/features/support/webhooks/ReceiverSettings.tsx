import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { SupportWebhookReceiverSettings } from '../../../../src-shared/contract/support-webhooks.ts';
import { ErrorNotice } from '../../../ui/ErrorNotice.tsx';
import { Time } from '../../../ui/Time.tsx';
import { Field } from '../lists/Field.tsx';
import type { ReceiverStatusView } from './use-receiver-status.ts';

const loopback = '127.0.0.1';

/** OpsDesk's own receiver for support deliveries: off by default, on the loopback address unless the user picks another. */
export function ReceiverSettings({ receiver }: { receiver: ReceiverStatusView }) {
  const { t } = useTranslation();
  const { status } = receiver;
  return (
    <section className="card" aria-label={t('supportDesk.webhooks.receiverRegion')}>
      <h2>{t('supportDesk.webhooks.receiverRegion')}</h2>
      <p className="muted">{t('supportDesk.webhooks.receiverExplained')}</p>
      {receiver.error && <ErrorNotice error={receiver.error} title={t('supportDesk.webhooks.receiverFailed')} />}
      {status === null ? (
        !receiver.error && <p className="muted">{t('supportDesk.common.loading')}</p>
      ) : (
        <>
          <SettingsForm key={JSON.stringify(status.settings)} saved={status.settings} saving={receiver.saving} save={receiver.save} />
          <dl className="support-facts" role="status" aria-label={t('supportDesk.webhooks.receiverStatus')}>
            <dt>{t('supportDesk.webhooks.receiverState')}</dt>
            <dd>
              {status.listeningAddress !== null
                ? t('supportDesk.webhooks.listening', { address: status.listeningAddress })
                : status.settings.enabled
                  ? t('supportDesk.webhooks.notListening')
                  : t('supportDesk.webhooks.off')}
            </dd>
            {status.error !== null && (
              <>
                <dt>{t('supportDesk.webhooks.receiverProblem')}</dt>
                <dd className="text-danger support-wrap">{status.error}</dd>
              </>
            )}
            {status.url !== null && (
              <>
                <dt>{t('supportDesk.webhooks.receiverUrl')}</dt>
                <dd className="support-wrap">
                  <code>{status.url}</code>
                </dd>
              </>
            )}
            <dt>{t('supportDesk.webhooks.deliveries')}</dt>
            <dd>{t('supportDesk.webhooks.counts', status.counts)}</dd>
            <dt>{t('supportDesk.webhooks.lastDelivery')}</dt>
            <dd>
              {status.lastDelivery === null ? (
                t('supportDesk.webhooks.noDelivery')
              ) : (
                <>
                  <Time value={status.lastDelivery.receivedAt} /> · {status.lastDelivery.event ?? t('supportDesk.webhooks.unknownEvent')} ·{' '}
                  {status.lastDelivery.outcome === 'refused'
                    ? t('supportDesk.webhooks.refused', { reason: status.lastDelivery.refusal ? t(`supportDesk.webhooks.refusals.${status.lastDelivery.refusal}`) : '' })
                    : t(`supportDesk.webhooks.outcomes.${status.lastDelivery.outcome}`)}
                </>
              )}
            </dd>
          </dl>
        </>
      )}
    </section>
  );
}

function SettingsForm({ saved, saving, save }: { saved: SupportWebhookReceiverSettings; saving: boolean; save: ReceiverStatusView['save'] }) {
  const { t } = useTranslation();
  const [enabled, setEnabled] = useState(saved.enabled);
  const [host, setHost] = useState(saved.host);
  const [port, setPort] = useState(String(saved.port));
  const portNote = useId();
  const portNumber = Number(port);
  const portValid = Number.isInteger(portNumber) && portNumber >= 1 && portNumber <= 65_535;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (portValid && host.trim() !== '') void save({ enabled, host: host.trim(), port: portNumber });
  };
  return (
    <form className="support-receiver-form" onSubmit={submit}>
      <label className="radio">
        <input type="checkbox" checked={enabled} onChange={(event) => setEnabled(event.target.checked)} />
        {t('supportDesk.webhooks.enable')}
      </label>
      <div className="field-row">
        <Field label={t('supportDesk.webhooks.host')} name="host" refusal={null} help={host.trim() === loopback ? t('supportDesk.webhooks.hostLoopback') : t('supportDesk.webhooks.hostExposed')}>
          <input value={host} maxLength={255} onChange={(event) => setHost(event.target.value)} />
        </Field>
        <label className={portValid ? 'field support-narrow' : 'field support-narrow field-invalid'}>
          <span className="field-label">{t('supportDesk.webhooks.port')}</span>
          <input type="number" min={1} max={65_535} value={port} aria-invalid={!portValid} aria-describedby={portValid ? undefined : portNote} onChange={(event) => setPort(event.target.value)} />
        </label>
        {!portValid && (
          <span id={portNote} className="field-error support-port-error">
            {t('supportDesk.webhooks.portInvalid')}
          </span>
        )}
      </div>
      <div>
        <button type="submit" className="button-primary" disabled={saving || !portValid || host.trim() === ''}>
          {saving ? t('supportDesk.webhooks.saving') : t('supportDesk.webhooks.save')}
        </button>
      </div>
    </form>
  );
}
