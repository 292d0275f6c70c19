import { useTranslation } from 'react-i18next';
import type { WebhookDeliveries, WebhookDelivery } from '../../../../src-preload/contract/webhook-deliveries.ts';
import { fill } from '../../../ui/fill-template.ts';
import { Time } from '../../../ui/Time.tsx';
import { useCatalogSection } from '../../../ui/use-catalog-section.ts';
import { cellText } from '../table/visible-text.ts';

/** What reached the receiver since OpsDesk started: the counts and the last deliveries. */
export function ReceiverDeliveries({ deliveries: { counts, recent } }: { deliveries: WebhookDeliveries }) {
  const { t } = useTranslation();
  const s = useCatalogSection('firewall').receiver.deliveries;
  const total = counts.processed + counts.duplicate + counts.refused;

  return (
    <div className="fw-receiver-deliveries">
      <p className="fw-sync-progress" role="status" aria-label={s.label}>
        <strong>{s.label}</strong> {t('firewall.receiver.deliveries.counts', counts)}
      </p>
      {recent.length === 0 ? (
        <p className="muted">{s.none}</p>
      ) : (
        <table className="fw-table" aria-label={s.recent}>
          <thead>
            <tr>
              <th scope="col">{s.received}</th>
              <th scope="col">{s.from}</th>
              <th scope="col">{s.event}</th>
              <th scope="col">{s.eventId}</th>
              <th scope="col">{s.outcome}</th>
            </tr>
          </thead>
          <tbody>
            {recent.map((delivery, index) => (
              // The newest is the total's number; it keeps that number as later ones arrive above it.
              <tr key={total - index}>
                <td>
                  <Time value={delivery.receivedAt} />
                </td>
                <td>{delivery.from ?? s.notRead}</td>
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
  const s = useCatalogSection('firewall').receiver.deliveries;
  return value === null ? <span className="muted">{s.notRead}</span> : <bdi>{cellText(value)}</bdi>;
}

function Outcome({ delivery }: { delivery: WebhookDelivery }) {
  const s = useCatalogSection('firewall').receiver.deliveries;
  if (delivery.outcome !== 'refused') return <span>{s.outcomes[delivery.outcome]}</span>;
  return <span className="text-danger">{fill(s.outcomes.refused, { reason: delivery.refusal ? s.refusals[delivery.refusal] : '' })}</span>;
}
