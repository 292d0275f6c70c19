import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { parseAddress } from '../../../../src-shared/address-mentions.ts';
import { useProfile } from '../../connections/index.ts';
import { useFormWrite } from '../../../ui/use-form-write.ts';
import { Dialog } from '../../../ui/Dialog.tsx';
import { ErrorNotice } from '../../../ui/ErrorNotice.tsx';
import { useFirewallWrites } from '../firewall-data.ts';
import { useOperateState } from '../operate-state.ts';
import { visibleText } from '../../../../src-shared/visible-text.ts';
import { useOfferUndo } from '../undo/undo-store.ts';

interface Target {
  ip: string;
  /** The domain the record names, offered beside the address. */
  domain?: string | null;
  /** The allow entry's description, prefilled. */
  reason: string;
}

/**
 * Quick allow from an alert or a log-search row, asked first and undoable as a block is. The allow
 * list is the appliance's (read live), so it is not read only to draw this button.
 */
export function AllowButton({ profileId, ip, domain = null, reason }: Target & { profileId: string }) {
  const { t } = useTranslation();
  const operate = useOperateState(profileId);
  const [asking, setAsking] = useState(false);
  if (!parseAddress(ip)) return null;
  return (
    <>
      <button
        type="button"
        className="button"
        disabled={!operate.allowed}
        title={operate.reason}
        aria-label={t('firewall.allow.buttonNamed', { ip: visibleText(ip) })}
        onClick={() => setAsking(true)}
      >
        {t('firewall.allow.button')}
      </button>
      {asking && <AllowDialog profileId={profileId} ip={ip} domain={domain} reason={reason} onClose={() => setAsking(false)} />}
    </>
  );
}

/** The question before an allow: the address (or the domain), the appliance, the description; Enter confirms; Undo for a few seconds after. */
function AllowDialog({ profileId, ip, domain, reason, onClose }: { profileId: string; ip: string; domain: string | null; reason: string; onClose(): void }) {
  const { t } = useTranslation();
  const writes = useFirewallWrites(profileId);
  const applianceName = useProfile(profileId)?.name ?? '';
  const offerUndo = useOfferUndo();
  const [what, setWhat] = useState<'address' | 'domain'>('address');
  const [description, setDescription] = useState(reason);
  const subject = what === 'address' ? ip : (domain ?? '');

  const { busy, error, fieldError, onSubmit } = useFormWrite(
    async () => {
      if (what === 'address') {
        const result = await writes.addAllow({ ip: subject, description });
        if (!result.ok) return result;
        const made = result.data;
        return { ok: true as const, data: { queued: 'queued' in made, undo: () => ('queued' in made ? writes.undoWrite(made.queued.id) : writes.removeAllow(made.id)) } };
      }
      const result = await writes.addDomainRule({ domain: subject, action: 'allow', description });
      if (!result.ok) return result;
      const made = result.data;
      return { ok: true as const, data: { queued: 'queued' in made, undo: () => ('queued' in made ? writes.undoWrite(made.queued.id) : writes.removeDomainRule(made.id)) } };
    },
    ({ queued, undo }) => {
      offerUndo({ key: queued ? 'firewall.undo.allowWaiting' : 'firewall.undo.allowed', values: { subject: visibleText(subject), appliance: applianceName } }, undo);
      onClose();
    },
  );

  const title = t('firewall.allow.title', { subject: visibleText(subject) });
  return (
    <Dialog title={title} onClose={onClose}>
      <form className="block-dialog" aria-label={title} onSubmit={onSubmit}>
        {domain ? (
          <fieldset className="allow-dialog-choice">
            <legend className="field-label">{t('firewall.allow.what')}</legend>
            <label>
              <input type="radio" name="allow-what" checked={what === 'address'} onChange={() => setWhat('address')} /> {t('firewall.allow.theAddress')} <bdi>{visibleText(ip)}</bdi>
            </label>
            <label>
              <input type="radio" name="allow-what" checked={what === 'domain'} onChange={() => setWhat('domain')} /> {t('firewall.allow.theDomain')} <bdi>{visibleText(domain)}</bdi>
            </label>
          </fieldset>
        ) : null}
        <dl className="block-dialog-facts">
          <div>
            <dt>{what === 'address' ? t('firewall.block.address') : t('firewall.allow.domain')}</dt>
            <dd>
              <bdi className="block-dialog-address">{visibleText(subject)}</bdi>
            </dd>
          </div>
          <div>
            <dt>{t('firewall.block.appliance')}</dt>
            <dd>
              <bdi>{applianceName}</bdi>
            </dd>
          </div>
        </dl>
        <label className={fieldError('description') ? 'field field-invalid' : 'field'}>
          <span className="field-label">{t('firewall.list.description')}</span>
          <input value={description} onChange={(event) => setDescription(event.target.value)} maxLength={500} />
          {fieldError('description') && <span className="field-error">{fieldError('description')}</span>}
        </label>
        <p className="muted">{what === 'address' ? t('firewall.allow.addressMeans') : t('firewall.allow.domainMeans')}</p>
        {error && <ErrorNotice error={error} title={t('firewall.allow.failed')} />}
        <div className="dialog-actions">
          <button type="button" className="button" onClick={onClose}>
            {t('firewall.blocklist.form.cancel')}
          </button>
          <button type="submit" className="button-primary" disabled={busy} data-autofocus>
            {busy ? t('firewall.allow.allowing') : t('firewall.allow.confirm')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
