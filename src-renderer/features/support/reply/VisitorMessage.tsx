import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { supportCalls } from '../support-data.ts';
import type { SupportWrites } from '../lists/use-support-writes.ts';
import { Composer } from '../ticket/Composer.tsx';

/**
 * Writing into the thread in the visitor's name (a message they sent elsewhere, by phone or mail):
 * a secondary action behind a link that says so, never beside Send with the same weight.
 */
export function VisitorMessage({ profileId, ticketId, writes }: { profileId: string; ticketId: string; writes: SupportWrites }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  if (!open) {
    return (
      <button type="button" className="si-link si-as-visitor" aria-expanded={false} onClick={() => setOpen(true)}>
        {t('support.reply.asVisitor')}
      </button>
    );
  }
  return (
    <section className="si-visitor-message" aria-label={t('support.reply.asVisitorRegion')}>
      <p className="notice notice-warning" role="note">
        {t('support.reply.asVisitorWarning')}
      </p>
      <Composer
        label={t('support.ticket.visitorMessage')}
        help={t('support.ticket.visitorHelp')}
        action={t('support.ticket.sendMessage')}
        profileId={profileId}
        scope="live.write"
        writes={writes}
        send={(text) => supportCalls(profileId).sendVisitorMessage({ ticketId, text })}
      />
      <button type="button" className="si-link" aria-expanded onClick={() => setOpen(false)}>
        {t('support.reply.asVisitorCancel')}
      </button>
    </section>
  );
}
