import { useTranslation } from 'react-i18next';
import type { IpcResult } from '../../../../src-shared/contract/define.ts';
import type { BlockEntry } from '../../../../src-shared/contract/firewall.ts';
import { ConfirmDialog } from '../ConfirmDialog.tsx';
import { visibleText } from '../../../../src-shared/visible-text.ts';
import { cellText } from '../table/visible-text.ts';

/** A row's Unblock, named by its address; off, with the reason on hover, when the key may not operate. */
export function UnblockButton({ ip, operate, onClick }: { ip: string; operate: { allowed: boolean; reason?: string }; onClick(): void }) {
  const { t } = useTranslation();
  return (
    <button type="button" className="button-danger" disabled={!operate.allowed} title={operate.reason} aria-label={t('firewall.blocklist.unblockNamed', { ip })} onClick={onClick}>
      {t('firewall.blocklist.unblock')}
    </button>
  );
}

/** "Unblock …?": the one question before a block is lifted, from the list, the block's tab or an address card. */
export function UnblockDialog({ entry, onConfirm, onClose }: { entry: Pick<BlockEntry, 'ip' | 'reason'>; onConfirm(): Promise<IpcResult<unknown>>; onClose(): void }) {
  const { t } = useTranslation();
  return (
    <ConfirmDialog title={t('firewall.blocklist.unblockTitle', { ip: visibleText(entry.ip) })} confirmLabel={t('firewall.blocklist.unblock')} onClose={onClose} onConfirm={onConfirm}>
      <p>
        {t('firewall.blocklist.unblockBody')} <bdi>{visibleText(entry.ip)}</bdi>
      </p>
      {entry.reason && (
        <p>
          {t('firewall.blocklist.blockedFor')} <bdi>{cellText(entry.reason)}</bdi>
        </p>
      )}
    </ConfirmDialog>
  );
}
