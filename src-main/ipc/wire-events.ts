import type { Contract } from '../../src-shared/contract/index.ts';
import type { AppServices } from '../core/app-services.ts';
import { DisposableStore, type Disposable } from '../core/lifecycle/disposable.ts';
import type { EventHub } from './event-hub.ts';

/**
 * The one place main-to-window events are connected: each service's event, published under the
 * contract's name for it. The app and both test harnesses use it; disposing it unsubscribes all.
 */
export function wireEvents(services: AppServices, hub: EventHub<Contract>): Disposable {
  const { activity, profiles, health, firewall, firewallAdmin, notifications, support, supportWebhooks, outbox, chat, transcription, tasks, assistantSettings, triage, drafting } = services;
  const subscriptions = new DisposableStore();
  const add = (subscription: Disposable) => void subscriptions.add(subscription);
  add(profiles.onChanged((list) => hub.publish('profiles', 'changed', list)));
  add(health.onChanged((value) => hub.publish('profiles', 'healthChanged', value)));

  add(firewall.sync.onChanged((status) => hub.publish('firewall', 'syncChanged', status)));
  add(firewall.alerts.onCacheChanged((profileId) => hub.publish('firewall', 'cacheChanged', { profileId, resource: 'alerts' })));
  add(firewall.blocks.onChanged(({ profileId }) => hub.publish('firewall', 'cacheChanged', { profileId, resource: 'blocklist' })));
  add(firewall.capabilities.onChanged((capabilities) => hub.publish('firewall', 'capabilitiesChanged', capabilities)));
  add(firewall.webhooks.onDeliveriesChanged((change) => hub.publish('firewall', 'webhookDeliveriesChanged', change)));
  add(firewall.export.onProgress((progress) => hub.publish('firewall', 'exportProgress', progress, tasks.askerOf(progress.taskId))));
  add(firewallAdmin.status.onSampled((value) => hub.publish('firewallAdmin', 'statusSampled', value)));
  add(firewallAdmin.reports.onChanged((value) => hub.publish('firewallAdmin', 'reportChanged', value)));

  add(notifications.onChanged((list) => hub.publish('notifications', 'changed', list)));
  add(notifications.onNavigate((target) => hub.publish('notifications', 'navigate', target)));
  add(notifications.onShowCenter(() => hub.publish('notifications', 'showCenter', null)));

  for (const cache of [support.tickets, support.contacts, support.work]) {
    add(cache.onChanged((change) => hub.publish('support', 'cacheChanged', change)));
  }
  add(support.sync.onChanged((status) => hub.publish('support', 'syncChanged', status)));
  add(supportWebhooks.onReceived((event) => hub.publish('supportWebhooks', 'received', event)));
  add(supportWebhooks.onStatusChanged((status) => hub.publish('supportWebhooks', 'statusChanged', status)));
  add(outbox.onChanged((entry) => hub.publish('outbox', 'changed', entry)));
  add(activity.onChanged((change) => hub.publish('activity', 'cacheChanged', change)));

  // A long call's progress (an export's rows, an answer's batches, an upload's bytes) goes to the
  // window that started it; the stored answer (answerEnded) to every window, since any of them may
  // show the conversation.
  add(chat.onAnswerDelta((delta) => hub.publish('gateway', 'answerDelta', delta, tasks.askerOf(delta.messageId))));
  add(chat.onAnswerEnded((ended) => hub.publish('gateway', 'answerEnded', ended)));
  add(transcription.onUploadProgress((progress) => hub.publish('gateway', 'uploadProgress', progress, tasks.askerOf(progress.taskId))));
  add(drafting.onDraftDelta((delta) => hub.publish('drafting', 'draftDelta', delta, tasks.askerOf(delta.taskId))));
  add(drafting.onDraftEnded((ended) => hub.publish('drafting', 'draftEnded', ended)));
  add(chat.onConversationsChanged(() => hub.publish('gateway', 'conversationsChanged', null)));
  add(assistantSettings.onChanged((state) => hub.publish('assistant', 'settingsChanged', state)));
  add(services.meaning.onStatusChanged((status) => hub.publish('meaning', 'statusChanged', status)));
  add(triage.onChanged((change) => hub.publish('assistant', 'triageChanged', change)));
  add(services.cases.onChanged((change) => hub.publish('cases', 'changed', change)));
  add(services.localData.onProgress((progress) => hub.publish('localData', 'progress', progress, tasks.askerOf(progress.taskId))));
  return subscriptions;
}
