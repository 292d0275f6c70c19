import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { supportCalls } from '../support-data.ts';
import type { IpcError } from '../../../../src-shared/contract/define.ts';
import type { RegisteredSupportWebhook, SupportWebhookEventKind } from '../../../../src-shared/contract/support-webhooks.ts';
import { useConfirmedWrite } from '../../outbox/index.ts';
import { ErrorNotice } from '../../../ui/ErrorNotice.tsx';
import { ScopeGate } from '../access/ScopeGate.tsx';
import { SecretOnce } from './SecretOnce.tsx';

// The window takes only types from the contract; a record keyed by the kind makes the compiler check this list is the contract's.
const eventKinds = Object.keys({
  'ticket.created': true, 'ticket.message': true, 'ticket.replied': true, 'ticket.closed': true,
  'contact.created': true, 'contact.updated': true, 'contact.followed': true,
  'work.created': true, 'work.updated': true, 'work.followed': true, 'faq.created': true,
} satisfies Record<SupportWebhookEventKind, true>);

interface Props {
  profileId: string;
  /** Where OpsDesk's receiver listens, offered as the address to register. */
  receiverUrl: string | null;
  onRegistered(): void;
}

/** Registers a webhook on the site; the signing secret it answers is shown here once, then forgotten. */
export function RegisterWebhook({ profileId, receiverUrl, onRegistered }: Props) {
  const { t } = useTranslation();
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<ReadonlySet<string>>(new Set(eventKinds));
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<IpcError | null>(null);
  const [registered, setRegistered] = useState<RegisteredSupportWebhook | null>(null);
  const confirmWrite = useConfirmedWrite(profileId);

  const toggle = (kind: string, on: boolean) =>
    setEvents((previous) => {
      const next = new Set(previous);
      if (on) next.add(kind);
      else next.delete(kind);
      return next;
    });
  const every = events.size === eventKinds.length;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (url.trim() === '' || events.size === 0) return;
    if (!(await confirmWrite(t('outbox.actions.registerWebhook', { url: url.trim() })))) return;
    setSending(true);
    setError(null);
    const result = await supportCalls(profileId).webhooks.register({ url: url.trim(), ...(!every && { events: [...events] }) });
    setSending(false);
    if (!result.ok) {
      setError(result.error);
      return;
    }
    setRegistered(result.data);
    setUrl('');
    onRegistered();
  };

  return (
    <section className="card" aria-label={t('supportDesk.webhooks.registerRegion')}>
      <h2>{t('supportDesk.webhooks.registerRegion')}</h2>
      {registered && <SecretOnce webhook={registered} onDone={() => setRegistered(null)} />}
      <form className="support-register" onSubmit={(event) => void submit(event)}>
        <div className="support-form-row">
          <label className="field support-grow">
            <span className="field-label">{t('supportDesk.webhooks.url')}</span>
            <input type="url" value={url} maxLength={2048} placeholder={t('supportDesk.webhooks.urlPlaceholder')} onChange={(event) => setUrl(event.target.value)} />
          </label>
          {receiverUrl !== null && (
            <button type="button" className="button" onClick={() => setUrl(receiverUrl)}>
              {t('supportDesk.webhooks.useReceiver')}
            </button>
          )}
        </div>
        <fieldset className="field">
          <legend>{every ? t('supportDesk.webhooks.allEvents') : t('supportDesk.webhooks.someEvents', { count: events.size })}</legend>
          <div className="support-checks">
            {eventKinds.map((kind) => (
              <label key={kind} className="radio">
                <input type="checkbox" checked={events.has(kind)} onChange={(event) => toggle(kind, event.target.checked)} />
                <code>{kind}</code>
              </label>
            ))}
          </div>
          {events.size === 0 && <span className="field-error">{t('supportDesk.webhooks.pickEvent')}</span>}
        </fieldset>
        {error && <ErrorNotice error={error} title={t('supportDesk.webhooks.registerFailed')} />}
        <div>
          <ScopeGate profileId={profileId} scope="hooks.write">
            <button type="submit" className="button-primary" disabled={sending || url.trim() === '' || events.size === 0}>
              {sending ? t('supportDesk.webhooks.registering') : t('supportDesk.webhooks.register')}
            </button>
          </ScopeGate>
        </div>
      </form>
    </section>
  );
}
