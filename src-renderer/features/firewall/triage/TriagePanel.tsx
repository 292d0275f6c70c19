import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Triage, Verdict } from '../../../../src-shared/contract/assistant.ts';
import type { IpcError } from '../../../../src-shared/contract/define.ts';
import { useDecideTriage, useTriage } from '../../assistant/index.ts';
import { useProfile } from '../../connections/index.ts';
import { ErrorNotice } from '../../../ui/ErrorNotice.tsx';
import { useWorkspaceStore } from '../../../navigation/workspace-store.ts';
import { BlockDialog } from '../blocklist/BlockDialog.tsx';
import { useDurationText } from '../parts/DurationPicker.tsx';
import { BlockCautionLine, cautionsAt } from '../parts/BlockCautions.tsx';
import { useBlockCautions, useBlocklist } from '../firewall-data.ts';
import { useOperateState } from '../operate-state.ts';
import { SeverityBadge } from '../parts/SeverityBadge.tsx';
import { visibleText } from '../../../../src-shared/visible-text.ts';
import { Time } from '../../../ui/Time.tsx';
import '../firewall.css';

/**
 * What a conversation opened by "Ask the model" leads with: the alerts it is about, then the verdict
 * of its finished answer as a proposal to approve or dismiss. Nothing renders for a plain conversation.
 */
export function TriagePanel({ conversationId }: { conversationId: string }) {
  const { t } = useTranslation();
  const triage = useTriage(conversationId);
  if (!triage.data) return null;
  const { address } = triage.data;
  return (
    <section className="view triage-panel" aria-label={t('assistant.triage.heading')}>
      <div className="triage-links">
        <span className="field-label">{t('assistant.triage.linkedAlerts')}</span>
        {address && (
          <span className="muted">
            <bdi>{t('assistant.triage.addressLine', { address: visibleText(address) })}</bdi>
          </span>
        )}
      </div>
      <TriagedAlerts triage={triage.data} />
      <Reading triage={triage.data} />
    </section>
  );
}

/** One line per alert: its link, severity, signature, addresses and time, as the cache has them. */
function TriagedAlerts({ triage }: { triage: Triage }) {
  const { t } = useTranslation();
  const navigate = useWorkspaceStore((state) => state.navigate);
  const { firewallProfileId, alertIds } = triage;
  return (
    <ul className="triage-alerts">
      {alertIds.map((alertId) => {
        const alert = triage.alerts.find((cached) => cached.id === alertId);
        return (
          <li key={alertId} className="triage-alert">
            <button type="button" className="link-button" onClick={() => navigate({ kind: 'alert', params: { profileId: firewallProfileId, alertId } })}>
              <bdi>{t('assistant.triage.alertLink', { id: visibleText(alertId) })}</bdi>
            </button>
            {alert && (
              <>
                <SeverityBadge severity={alert.severity} />
                {alert.signature && <bdi className="triage-alert-signature">{visibleText(alert.signature)}</bdi>}
                {(alert.srcIp || alert.dstIp) && (
                  <bdi className="muted">{t('assistant.triage.alertPath', { source: visibleText(alert.srcIp ?? '—'), destination: visibleText(alert.dstIp ?? '—') })}</bdi>
                )}
                <span className="muted">
                  <Time value={alert.occurredAt} compact />
                </span>
              </>
            )}
          </li>
        );
      })}
    </ul>
  );
}

function Reading({ triage }: { triage: Triage }) {
  const { t } = useTranslation();
  const { reading } = triage;
  switch (reading.kind) {
    case 'waiting':
      return <p className="muted triage-note">{t('assistant.triage.waiting')}</p>;
    case 'incomplete':
      return <p className="muted triage-note" role="note">{t('assistant.triage.incomplete')}</p>;
    case 'none':
      return <p className="muted triage-note" role="note">{t('assistant.triage.noVerdict')}</p>;
    case 'malformed':
      return (
        <p className="muted triage-note" role="note">
          {t('assistant.triage.malformed', { problem: t(`assistant.triage.problems.${reading.problem}`) })}
        </p>
      );
    case 'proposal':
      return <Proposal triage={triage} messageId={reading.messageId} verdict={reading.verdict} />;
  }
}

function Proposal({ triage, messageId, verdict }: { triage: Triage; messageId: string; verdict: Verdict }) {
  const { t } = useTranslation();
  const durationText = useDurationText();
  const decide = useDecideTriage();
  const operate = useOperateState(triage.firewallProfileId);
  const profileName = useProfile(triage.firewallProfileId)?.name ?? '';
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<IpcError | null>(null);
  const address = visibleText(verdict.address ?? '');
  const isBlock = verdict.action === 'block' && verdict.address !== null;
  // What main says of blocking the proposed address: one it never blocks cannot be approved.
  const { cautions } = useBlockCautions(triage.firewallProfileId, isBlock ? verdict.address! : '');
  const refused = cautionsAt(cautions, 'refuse').length > 0;
  const actionText =
    verdict.action === 'block'
      ? verdict.durationSeconds === 0
        ? t('assistant.triage.action.blockPermanent', { address, appliance: profileName })
        : t('assistant.triage.action.block', { address, appliance: profileName, duration: durationText(verdict.durationSeconds ?? 0) })
      : t(`assistant.triage.action.${verdict.action}`, { address });

  const decided = async (kind: 'approved' | 'dismissed', blockedIp: string | null) => {
    const result = await decide(triage.conversationId, messageId, kind, blockedIp);
    setError(result.ok ? null : result.error);
    return result;
  };

  return (
    <div className="card triage-proposal" role="group" aria-label={t('assistant.triage.proposes')}>
      <p className="field-label triage-proposes">{t('assistant.triage.proposes')}</p>
      <h2 className="triage-action">
        <bdi>{actionText}</bdi>
      </h2>
      <dl className="triage-verdict">
        <div>
          <dt>{t('assistant.triage.verdictLabel')}</dt>
          <dd>
            <span className={`triage-assessment triage-${verdict.assessment}`}>{t(`assistant.triage.verdict.${verdict.assessment}`)}</span>{' '}
            {verdict.severity && <SeverityBadge severity={verdict.severity} />}
          </dd>
        </div>
        {verdict.reason && (
          <div>
            <dt>{t('assistant.triage.reasonLabel')}</dt>
            <dd>
              <bdi>{visibleText(verdict.reason)}</bdi>
            </dd>
          </div>
        )}
      </dl>
      {triage.decision ? (
        <div className="triage-decided">
          {triage.decision.blockedIp ? (
            <ApprovedBlock profileId={triage.firewallProfileId} ip={triage.decision.blockedIp} />
          ) : (
            <p role="status" className="triage-decision">
              {triage.decision.kind === 'dismissed' ? t('assistant.triage.dismissed') : t('assistant.triage.approved')}
            </p>
          )}
        </div>
      ) : (
        <>
          {!isBlock && <p className="muted">{t('assistant.triage.nothingToSend')}</p>}
          <BlockCautionLine cautions={cautions} />
          <div className="triage-actions">
            <button
              type="button"
              className="button-primary"
              disabled={isBlock && (!operate.allowed || refused)}
              title={isBlock && !refused ? operate.reason : undefined}
              onClick={() => (isBlock ? setConfirming(true) : void decided('approved', null))}
            >
              {t('assistant.triage.approve')}
            </button>
            <button type="button" className="button" onClick={() => void decided('dismissed', null)}>
              {t('assistant.triage.dismiss')}
            </button>
          </div>
        </>
      )}
      {error && <ErrorNotice error={error} />}
      {confirming && (
        // The Block button's own confirmation, marked with the conversation that proposed it.
        <BlockDialog
          profileId={triage.firewallProfileId}
          ip={verdict.address!}
          seconds={verdict.durationSeconds ?? 0}
          origin={{ kind: 'proposal', alertId: triage.alertIds[0] }}
          reason={verdict.reason || actionText}
          proposedBy={{ conversationId: triage.conversationId }}
          onBlocked={() => void decided('approved', verdict.address)}
          onClose={() => setConfirming(false)}
        >
          <p className="muted">{t('assistant.triage.confirmBody', { count: triage.alertIds.length, profile: profileName })}</p>
        </BlockDialog>
      )}
    </div>
  );
}

/**
 * The block an approval made, found in the cached block list by its address (the appliance keeps
 * one entry per address): blocked, with a way to open it, or still waiting in the outbox.
 */
function ApprovedBlock({ profileId, ip }: { profileId: string; ip: string }) {
  const { t } = useTranslation();
  const navigate = useWorkspaceStore((state) => state.navigate);
  const entry = useBlocklist(profileId).data?.items.find((item) => item.ip === ip && item.id !== '');
  const waiting = entry?.pending?.change === 'block';
  return (
    <>
      <p role="status" className="triage-decision">
        {t(waiting ? 'assistant.triage.approvedBlockWaiting' : 'assistant.triage.approvedBlock', { address: visibleText(ip) })}
      </p>
      {entry && !waiting && (
        <button type="button" className="link-button" onClick={() => navigate({ kind: 'block', params: { profileId, entryId: entry.id } })}>
          {t('assistant.triage.openBlock')}
        </button>
      )}
    </>
  );
}
