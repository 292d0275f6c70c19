import { useRef, useState } from 'react';
import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { BlockCaution, BlockEntry } from '../../../../src-shared/contract/firewall.ts';
import type { BlockOrigin } from '../../../../src-shared/block-reason.ts';
import { useProfile } from '../../connections/index.ts';
import { useFormWrite } from '../../../ui/use-form-write.ts';
import { Dialog } from '../../../ui/Dialog.tsx';
import { ErrorNotice } from '../../../ui/ErrorNotice.tsx';
import { blockOf, useAllowlist, useBlockCautions, useBlocklist, useFirewallWrites, useProtectedRanges } from '../firewall-data.ts';
import { useOperateState } from '../operate-state.ts';
import { visibleText } from '../../../../src-shared/visible-text.ts';
import { cellText } from '../table/visible-text.ts';
import { useOfferUndo } from '../undo/undo-store.ts';
import { DurationPicker, defaultBlockSeconds, useDurationText } from '../parts/DurationPicker.tsx';
import { protectionsOf, type Protection } from './protections.ts';
import { CautionReasons, cautionsAt } from '../parts/BlockCautions.tsx';
import { useNow } from '../use-now.ts';
import { Remaining } from '../parts/Remaining.tsx';

interface Props {
  profileId: string;
  /** The address to block; empty: the analyst types it (the block list's Add). */
  ip: string;
  reason?: string;
  seconds?: number;
  /** Where the block is made (main writes it before the reason, for the appliance's own log); an Extend keeps the reason the block has. */
  origin: BlockOrigin;
  /** `extend`: the address is blocked and this renews it for the chosen time from now. */
  purpose?: 'block' | 'extend';
  /** Approved from a model's proposal in that conversation. */
  proposedBy?: { conversationId: string };
  /** What the place it was opened from adds (a triage's alerts). */
  children?: ReactNode;
  /** After the appliance took the block; the undo toast is up by then. */
  onBlocked?(entry: BlockEntry): void;
  onClose(): void;
}

/**
 * The one question before a block, from every place that blocks (an alert, the block list, an
 * address card, a triage, the palette): the address, the appliance, for how long and why; Enter
 * confirms. An address on the appliance's allow list or in the analyst's protected ranges is asked
 * about again, with the reason, and so is one main warns of (link-local, a connection's own); one
 * main refuses (loopback, the appliance's own address…) says why and cannot be confirmed. Once
 * blocked, a toast offers Undo for a few seconds.
 */
export function BlockDialog({ profileId, ip: givenIp, reason: givenReason = '', seconds: givenSeconds = defaultBlockSeconds, origin, purpose = 'block', proposedBy, children, onBlocked, onClose }: Props) {
  const { t } = useTranslation();
  const writes = useFirewallWrites(profileId);
  const operate = useOperateState(profileId);
  const applianceName = useProfile(profileId)?.name ?? '';
  const blocklist = useBlocklist(profileId);
  const allowlist = useAllowlist(profileId);
  const protectedRanges = useProtectedRanges();
  const offerUndo = useOfferUndo();
  const durationText = useDurationText();
  const now = useNow(30_000);
  const [ip, setIp] = useState(givenIp);
  const [reason, setReason] = useState(givenReason);
  const [seconds, setSeconds] = useState(givenSeconds);
  const [askedAgain, setAskedAgain] = useState(false);
  const address = ip.trim();
  const protections = protectionsOf(address, allowlist.data?.items ?? [], protectedRanges.data);
  const blockCautions = useBlockCautions(profileId, address);
  const refused = cautionsAt(blockCautions.cautions, 'refuse');
  const warned = cautionsAt(blockCautions.cautions, 'warn');
  const noted = cautionsAt(blockCautions.cautions, 'note');
  const listed = blockOf(blocklist.data, address);
  // A block still waiting to be sent does not stand yet: this one queues behind it.
  const standing = listed?.pending?.change === 'block' ? undefined : listed;
  // What stood when the analyst confirmed: by the time the write answers, the list may already hold the new block.
  const standingWhenAsked = useRef<BlockEntry | undefined>(undefined);

  const { busy, error, fieldError, onSubmit } = useFormWrite(
    () => {
      standingWhenAsked.current = standing;
      return writes.block(address, seconds, reason, purpose === 'extend' ? { kind: 'kept' } : origin, proposedBy);
    },
    (entry) => {
      const standing = standingWhenAsked.current;
      const values = { ip: visibleText(entry.ip), appliance: applianceName, duration: durationText(seconds) };
      // Undo puts back what stood before: the earlier block for the time it had left, or no block.
      const undo = standing ? () => writes.block(standing.ip, secondsLeft(standing), standing.reason ?? '', { kind: 'kept' }) : () => writes.unblockMade(entry);
      const done = entry.pending ? 'firewall.undo.waiting' : standing ? 'firewall.undo.extended' : seconds === 0 ? 'firewall.undo.blockedPermanently' : 'firewall.undo.blocked';
      offerUndo({ key: done, values }, undo);
      onBlocked?.(entry);
      onClose();
    },
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // Decided on main's answer, even when Enter comes before it shows.
    void blockCautions.known().then((cautions) => {
      if (cautionsAt(cautions, 'refuse').length > 0) return;
      if ((protections.length > 0 || cautionsAt(cautions, 'warn').length > 0) && !askedAgain) {
        setAskedAgain(true);
        return;
      }
      onSubmit(event);
    });
  };

  // A dialog keeps its name while the analyst types the address into it.
  const title = purpose === 'extend' ? t('firewall.block.extendTitle', { ip: visibleText(address) }) : givenIp ? t('firewall.block.title', { ip: visibleText(address) }) : t('firewall.block.titleEmpty');
  const confirmLabel = busy ? t('firewall.block.blocking') : askedAgain ? t('firewall.block.blockAnyway') : purpose === 'extend' ? t('firewall.block.extend') : t('firewall.block.block');

  return (
    <Dialog title={title} onClose={onClose}>
      <form className="block-dialog" aria-label={title} onSubmit={submit}>
        <dl className="block-dialog-facts">
          <div>
            <dt>{t('firewall.block.address')}</dt>
            <dd>
              {givenIp ? (
                <bdi className="block-dialog-address">{visibleText(address)}</bdi>
              ) : (
                <label className={fieldError('ip') ? 'field field-invalid' : 'field'}>
                  <span className="visually-hidden">{t('firewall.block.address')}</span>
                  <input
                    value={ip}
                    onChange={(event) => {
                      setIp(event.target.value);
                      setAskedAgain(false);
                    }}
                    placeholder={t('firewall.blocklist.form.ipPlaceholder')}
                    required
                    data-autofocus
                  />
                  {fieldError('ip') && <span className="field-error">{fieldError('ip')}</span>}
                </label>
              )}
            </dd>
          </div>
          <div>
            <dt>{t('firewall.block.appliance')}</dt>
            <dd>
              <bdi>{applianceName}</bdi>
            </dd>
          </div>
          {standing && (
            <div>
              <dt>{t('firewall.block.standing')}</dt>
              <dd>
                <Remaining entry={standing} now={now} />
              </dd>
            </div>
          )}
        </dl>
        <div className="field">
          <span className="field-label">
            {purpose === 'extend' ? t('firewall.block.extendFor') : t('firewall.blocklist.form.duration')}
          </span>
          <DurationPicker seconds={seconds} onChange={setSeconds} label={t('firewall.blocklist.form.duration')} />
        </div>
        <label className={fieldError('reason') ? 'field field-invalid' : 'field'}>
          <span className="field-label">{t('firewall.blocklist.form.reason')}</span>
          <input value={reason} onChange={(event) => setReason(event.target.value)} maxLength={500} />
          {fieldError('reason') && <span className="field-error">{fieldError('reason')}</span>}
        </label>
        {children}
        {refused.length > 0 && <RefusedNotice cautions={refused} ip={address} />}
        {protections.length > 0 && <ProtectionNotice protections={protections} ip={address} askedAgain={askedAgain} />}
        {warned.length > 0 && <WarnedNotice cautions={warned} ip={address} askedAgain={askedAgain && protections.length === 0} />}
        {/* Said, not asked again: labs and the simulators block documentation addresses all day. */}
        {noted.length > 0 && (
          <div className="muted block-dialog-noted">
            <CautionReasons cautions={noted} />
          </div>
        )}
        {allowlist.isError && <p className="muted">{t('firewall.block.allowlistUnknown')}</p>}
        {!operate.allowed && <p className="muted">{operate.reason}</p>}
        {/* A given address has no field to show its field error under (main's refusal of an address it never blocks). */}
        {error && (!error.fieldErrors || (givenIp !== '' && error.fieldErrors.some((field) => field.path === 'ip'))) && <ErrorNotice error={error} title={t('firewall.blocklist.form.notBlocked')} />}
        <div className="dialog-actions">
          <button type="button" className="button" onClick={askedAgain ? () => setAskedAgain(false) : onClose}>
            {askedAgain ? t('firewall.block.back') : t('firewall.blocklist.form.cancel')}
          </button>
          {/* Focused first, so Enter confirms what the dialog shows. */}
          <button type="submit" className={askedAgain ? 'button-danger' : 'button-primary'} disabled={busy || !operate.allowed || refused.length > 0} data-autofocus={givenIp !== '' || undefined}>
            {confirmLabel}
          </button>
        </div>
      </form>
    </Dialog>
  );
}

/** Why this address is one to think twice about: the allow-list entries and protected ranges it falls in. */
function ProtectionNotice({ protections, ip, askedAgain }: { protections: Protection[]; ip: string; askedAgain: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="notice notice-warning block-dialog-protected" role={askedAgain ? 'alert' : 'note'}>
      <p>
        <strong>{askedAgain ? t('firewall.block.askAgain', { ip: visibleText(ip) }) : t('firewall.block.protectedHeading')}</strong>
      </p>
      <ul>
        {protections.map((protection) => (
          <li key={`${protection.kind}:${protection.range}`}>
            <bdi>
              {t(protection.kind === 'allowed' ? 'firewall.block.onAllowList' : 'firewall.block.inProtectedRange', {
                range: cellText(protection.range, 64),
                label: protection.label ? cellText(protection.label, 100) : t(protection.kind === 'allowed' ? 'firewall.block.noDescription' : 'firewall.block.noLabel'),
              })}
            </bdi>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Why OpsDesk never blocks this address (main refuses it too): the dialog cannot be confirmed. */
function RefusedNotice({ cautions, ip }: { cautions: BlockCaution[]; ip: string }) {
  const { t } = useTranslation();
  return (
    <div className="notice notice-error block-dialog-protected block-dialog-refused" role="alert">
      <p>
        <strong>{t('firewall.cautions.refusedHeading', { ip: visibleText(ip) })}</strong>
      </p>
      <CautionReasons cautions={cautions} />
    </div>
  );
}

/** What main warns of (link-local, one of the analyst's connections): asked again, as a protected range is. */
function WarnedNotice({ cautions, ip, askedAgain }: { cautions: BlockCaution[]; ip: string; askedAgain: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="notice notice-warning block-dialog-protected block-dialog-warned" role={askedAgain ? 'alert' : 'note'}>
      <p>
        <strong>{askedAgain ? t('firewall.block.askAgain', { ip: visibleText(ip) }) : t('firewall.cautions.warnedHeading', { ip: visibleText(ip) })}</strong>
      </p>
      <CautionReasons cautions={cautions} />
    </div>
  );
}

/** What a block has left, in whole seconds (0: permanent, as the appliance counts it). */
function secondsLeft(entry: BlockEntry): number {
  if (entry.expiresAt === null) return 0;
  return Math.max(1, Math.round((new Date(entry.expiresAt).getTime() - Date.now()) / 1000));
}
