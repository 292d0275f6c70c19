import type { IpcError } from '../../../../src-shared/contract/define.ts';
import type { SupportWebhookReceiverSettings, SupportWebhookReceiverStatus } from '../../../../src-shared/contract/support-webhooks.ts';
import { useReceiverStatusQuery, useSaveReceiverSettings } from '../support-data.ts';

export interface ReceiverStatusView {
  status: SupportWebhookReceiverStatus | null;
  error: IpcError | null;
  saving: boolean;
  save(settings: SupportWebhookReceiverSettings): Promise<boolean>;
}

/** The local receiver's settings and live status (it changes with every delivery). */
export function useReceiverStatus(): ReceiverStatusView {
  const receiver = useReceiverStatusQuery();
  const saving = useSaveReceiverSettings();
  return {
    status: receiver.data ?? null,
    // The last save's refusal, until a save goes through; before any save, why the status could not be read.
    error: saving.error ?? (saving.isSuccess ? null : receiver.error),
    saving: saving.isPending,
    save: (settings) => saving.mutateAsync(settings).then(() => true, () => false),
  };
}
