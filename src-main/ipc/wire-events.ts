import type { Contract } from '../../src-preload/contract/index.ts';
import type { AppServices } from '../core/app-services.ts';
import type { EventHub } from './event-hub.ts';

/** The one place main-to-window events are connected: the app and both test harnesses use it. */
export function wireEvents(services: AppServices, hub: EventHub<Contract>): void {
  services.events.connect({
    profilesChanged: (list) => hub.publish('profiles', 'changed', list),
    healthChanged: (health) => hub.publish('profiles', 'healthChanged', health),
    firewallStatusSampled: (value) => hub.publish('firewallAdmin', 'statusSampled', value),
    firewallReportChanged: (value) => hub.publish('firewallAdmin', 'reportChanged', value),
    firewallSyncChanged: (status) => hub.publish('firewall', 'syncChanged', status),
    firewallCacheChanged: (change) => hub.publish('firewall', 'cacheChanged', change),
    capabilitiesChanged: (capabilities) => hub.publish('firewall', 'capabilitiesChanged', capabilities),
    exportProgress: (progress) => hub.publish('firewall', 'exportProgress', progress),
    webhookDeliveriesChanged: (change) => hub.publish('firewall', 'webhookDeliveriesChanged', change),
    notificationsChanged: (list) => hub.publish('notifications', 'changed', list),
    navigate: (target) => hub.publish('notifications', 'navigate', target),
    supportCacheChanged: (change) => hub.publish('support', 'cacheChanged', change),
    supportSyncChanged: (status) => hub.publish('support', 'syncChanged', status),
    supportWebhookReceived: (event) => hub.publish('supportWebhooks', 'received', event),
    supportWebhookStatusChanged: (status) => hub.publish('supportWebhooks', 'statusChanged', status),
    outboxChanged: (entry) => hub.publish('outbox', 'changed', entry),
  });
  // An answer's batches and an upload's progress go to the window that asked; the stored answer
  // (answerEnded) to every window, since any of them may show the conversation.
  services.chat.onAnswerDelta((delta) => hub.publish('gateway', 'answerDelta', delta, services.chat.askerOf(delta.messageId)));
  services.chat.onAnswerEnded((ended) => hub.publish('gateway', 'answerEnded', ended));
  services.transcription.onUploadProgress((progress) => hub.publish('gateway', 'uploadProgress', progress, services.transcription.askerOf(progress.uploadId)));
  services.chat.onConversationsChanged(() => hub.publish('gateway', 'conversationsChanged', null));
}
