import { useTranslation } from 'react-i18next';
import type { WebhookDeliveries, WebhookDelivery } from '../../../../src-shared/contract/webhook-deliveries.ts';
import { Time } from '../../../ui/Time.tsx';
import { cellText } from '../table/visible-text.ts';

/** What reached the receiver since OpsDesk started: the counts and the last deliveries. */
export function ReceiverDeliveries({ deliveries: { counts, recent } }: { deliveries: WebhookDeliveries }) {
  const { t } = useTranslation();
  const total = counts.processed + counts.duplicate + counts.refused;

  return (
    <div className="fw-receiver-deliveries">
      <p className="fw-sync-progress" role="status" aria-label={t('firewall.receiver.deliveries.label')}>
        <strong>{t('firewall.receiver.deliveries.label')}</strong> {t('firewall.receiver.deliveries.counts', counts)}
      </p>
      {recent.length === 0 ? (
        <p className="muted">{t('firewall.receiver.deliveries.none')}</p>
      ) : (
        <table className="fw-table" aria-label={t('firewall.receiver.deliveries.recent')}>
          <thead>
            <tr>
              <th scope="col">{t('firewall.receiver.deliveries.received')}</th>
              <th scope="col">{t('firewall.receiver.deliveries.from')}</th>
              <th scope="col">{t('firewall.receiver.deliveries.event')}</th>
              <th scope="col">{t('firewall.receiver.deliveries.eventId')}</th>
              <th scope="col">{t('firewall.receiver.deliveries.outcome')}</th>
            </tr>
          </thead>
          <tbody>
            {recent.map((delivery, index) => (
              // The newest is the total's number; it keeps that number as later ones arrive above it.
              <tr key={total - index}>
                <td>
                  <Time value={delivery.receivedAt} />
                </td>
                <td>{delivery.from ?? t('firewall.receiver.deliveries.notRead')}</td>
                <td className="fw-wrap">
                  <SenderText value={delivery.event} />
                </td>
                <td className="fw-wrap">
                  <SenderText value={delivery.eventId} />
                </td>
                <td>
                  <Outcome delivery={delivery} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}

/** The sender's own words: shown as text, invisible controls written out. */
function SenderText({ value }: { value: string | null }) {
  const { t } = useTranslation();
  return value === null ? <span className="muted">{t('firewall.receiver.deliveries.notRead')}</span> : <bdi>{cellText(value)}</bdi>;
}

function Outcome({ delivery }: { delivery: WebhookDelivery }) {
  const { t } = useTranslation();
  if (delivery.outcome !== 'refused') return <span>{t(`firewall.receiver.deliveries.outcomes.${delivery.outcome}`)}</span>;
  return <span className="text-danger">{t('firewall.receiver.deliveries.outcomes.refused', { reason: delivery.refusal ? t(`firewall.receiver.deliveries.refusals.${delivery.refusal}`) : '' })}</span>;
}
