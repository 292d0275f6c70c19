import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AllowEntry, BlockEntry } from '../../../src-shared/contract/firewall.ts';
import type { ProfileView } from '../../../src-shared/contract/profiles.ts';
import { addressesOverlap, parseAddress } from '../../../src-shared/address-mentions.ts';
import { AskModelButton } from '../assistant/index.ts';
import { useProfiles } from '../connections/index.ts';
import { ErrorNotice } from '../../ui/ErrorNotice.tsx';
import { BlockCautionLine, cautionsAt } from '../firewall/index.ts';
import { BlockDialog } from '../firewall/index.ts';
import { Remaining } from '../firewall/index.ts';
import { PendingBlock } from '../firewall/index.ts';
import { UnblockButton, UnblockDialog } from '../firewall/index.ts';
import { AddForm } from '../firewall/index.ts';
import { useAllowlist, useBlockCautions, useBlocklist, useFirewallWrites } from '../firewall/index.ts';
import { useOperateState } from '../firewall/index.ts';
import { cellText } from '../firewall/index.ts';
import { useNow } from '../firewall/index.ts';

/**
 * Whether the address is blocked or allowed on each firewall appliance, with Block, Unblock and
 * Allow: a block through the one block confirmation, an allow through the allow list's form.
 */
export function AddressOnAppliances({ address }: { address: string }) {
  const { t } = useTranslation();
  const profiles = useProfiles().filter((profile) => profile.service === 'firewall');
  return (
    <section className="card address-section" aria-label={t('address.appliances.title')}>
      <h3>{t('address.appliances.title')}</h3>
      {profiles.length === 0 && <p className="muted">{t('address.appliances.none')}</p>}
      <ul className="address-appliances">
        {profiles.map((profile) => (
          <ApplianceStanding key={profile.id} profile={profile} address={address} />
        ))}
      </ul>
    </section>
  );
}

function ApplianceStanding({ profile, address }: { profile: ProfileView; address: string }) {
  const { t } = useTranslation();
  const parsed = parseAddress(address)!;
  const blocklist = useBlocklist(profile.id);
  const allowlist = useAllowlist(profile.id);
  const writes = useFirewallWrites(profile.id);
  const operate = useOperateState(profile.id);
  const now = useNow(30_000);
  const [form, setForm] = useState<'block' | 'allow' | null>(null);
  const [unblocking, setUnblocking] = useState<BlockEntry | null>(null);
  const blocks = (blocklist.data?.items ?? []).filter((entry) => addressesOverlap(parsed, entry.ip));
  const allows = (allowlist.data?.items ?? []).filter((entry: AllowEntry) => addressesOverlap(parsed, entry.ip));
  // The appliance blocks one address at a time (a range is refused before it is sent).
  const blockable = parsed.prefixLength === undefined;
  // Per appliance: each has its own management address.
  const { cautions } = useBlockCautions(profile.id, address);
  const refused = cautionsAt(cautions, 'refuse').length > 0;

  return (
    <li className="address-appliance" aria-label={t('address.appliances.row', { name: profile.name })}>
      <div className="address-appliance-head">
        <strong>
          <bdi>{profile.name}</bdi>
        </strong>
        {blocklist.isPending ? (
          <span className="muted">{t('address.appliances.reading')}</span>
        ) : blocks.length > 0 ? (
          blocks.every((entry) => entry.pending?.change === 'block') ? (
            <span className="badge badge-waiting" role="status">{t('address.appliances.waiting')}</span>
          ) : (
            <span className="badge badge-blocked" role="status">{t('address.appliances.blocked')}</span>
          )
        ) : (
          blocklist.data && <span className="badge" role="status">{t('address.appliances.notBlocked')}</span>
        )}
        {allows.length > 0 && <span className="badge badge-allowed">{t('address.appliances.allowed')}</span>}
        <span className="address-appliance-actions">
          {blocks.length === 0 && (
            <button type="button" className="button-primary" disabled={!operate.allowed || !blockable || refused} title={blockable ? operate.reason : t('address.appliances.rangeNotBlockable')} onClick={() => setForm('block')}>
              {t('address.appliances.block')}
            </button>
          )}
          {allows.length === 0 && (
            <button type="button" className="button" disabled={!operate.allowed} title={operate.reason} onClick={() => setForm('allow')}>
              {t('address.appliances.allow')}
            </button>
          )}
        </span>
      </div>
      {blocks.length === 0 && <BlockCautionLine cautions={cautions} />}
      {/* Per appliance: a triage reads one firewall connection's cached alerts, about one address (not a range). */}
      {!address.includes('/') && <AskModelButton profileId={profile.id} subject={{ kind: 'address', address }} />}
      {blocks.map((entry) => (
        <p key={entry.id} className="address-entry">
          <span>
            {t(entry.pending?.change === 'block' ? 'address.appliances.waitingAs' : 'address.appliances.blockedAs')} <bdi>{cellText(entry.ip, 64)}</bdi>
            {entry.reason && (
              <>
                {' · '}
                <bdi>{cellText(entry.reason, 120)}</bdi>
              </>
            )}
            {' · '}
            <Remaining entry={entry} now={now} />
          </span>
          {/* A block not sent yet is not lifted: its write is retried or discarded. */}
          {entry.pending?.change === 'block' ? (
            <PendingBlock pending={entry.pending} />
          ) : (
            <UnblockButton ip={entry.ip} operate={operate} onClick={() => setUnblocking(entry)} />
          )}
        </p>
      ))}
      {allows.map((entry) => (
        <p key={entry.id} className="address-entry">
          {t('address.appliances.allowedAs')} <bdi>{cellText(entry.ip, 64)}</bdi>
          {entry.description && (
            <>
              {' · '}
              <bdi>{cellText(entry.description, 120)}</bdi>
            </>
          )}
        </p>
      ))}
      {blocklist.isError && <ErrorNotice error={blocklist.error} title={t('firewall.blocklist.readFailed')} />}
      {allowlist.isError && <ErrorNotice error={allowlist.error} title={t('address.appliances.allowlistUnknown')} />}
      {form === 'block' && <BlockDialog profileId={profile.id} ip={address} origin={{ kind: 'manual' }} onClose={() => setForm(null)} />}
      {form === 'allow' && (
        <AddForm
          noun={t('firewall.allowlist.noun')}
          fields={[
            { name: 'ip', label: t('firewall.allowlist.fields.ip') },
            { name: 'description', label: t('firewall.list.description') },
          ]}
          initial={{ ip: address }}
          add={(values) => writes.addAllow({ ip: values.ip ?? '', description: values.description ?? '' })}
          onDone={() => setForm(null)}
        />
      )}
      {unblocking && (
        <UnblockDialog entry={unblocking} onClose={() => setUnblocking(null)} onConfirm={() => writes.unblock(unblocking.id)} />
      )}
    </li>
  );
}
