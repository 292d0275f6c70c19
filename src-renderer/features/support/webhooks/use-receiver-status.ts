import { useCallback, useEffect, useState } from 'react';
import type { IpcError } from '../../../../src-shared/contract/define.ts';
import type { SupportWebhookReceiverSettings, SupportWebhookReceiverStatus } from '../../../../src-shared/contract/support-webhooks.ts';
import { opsdesk } from '../../../data/bridge.ts';

export interface ReceiverStatusView {
  status: SupportWebhookReceiverStatus | null;
  error: IpcError | null;
  saving: boolean;
  save(settings: SupportWebhookReceiverSettings): Promise<boolean>;
}

/** The local receiver's settings and live status (it changes with every delivery). */
export function useReceiverStatus(): ReceiverStatusView {
  const [status, setStatus] = useState<SupportWebhookReceiverStatus | null>(null);
  const [error, setError] = useState<IpcError | null>(null);
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    let current = true;
    const stop = opsdesk.supportWebhooks.onStatusChanged((next) => current && setStatus(next));
    void opsdesk.supportWebhooks.status().then((result) => {
      if (!current) return;
      if (result.ok) setStatus(result.data);
      else setError(result.error);
    });
    return () => {
      current = false;
      stop();
    };
  }, []);
  const save = useCallback(async (settings: SupportWebhookReceiverSettings) => {
    setSaving(true);
    const result = await opsdesk.supportWebhooks.saveSettings(settings);
    setSaving(false);
    if (result.ok) {
      setStatus(result.data);
      setError(null);
    } else setError(result.error);
    return result.ok;
  }, []);
  return { status, error, saving, save };
}
