import type { Contract } from '../../../src-shared/contract/index.ts';
import type { AppServices } from '../../core/app-services.ts';
import type { Handlers } from '../router.ts';

export function assistantHandlers(services: AppServices): Handlers<Contract>['assistant'] {
  return {
    settings: () => services.assistantSettings.state(),
    saveSettings: (settings) => services.assistantSettings.save(settings),
    triage: (request, { windowId }) => services.triage.start(request, windowId),
    triageOf: ({ conversationId }) => services.triage.triageOf(conversationId),
    triagesOfAlert: ({ profileId, alertId }) => services.triage.triagesOfAlert(profileId, alertId),
    decideTriage: ({ conversationId, messageId, decision, blockedIp }) => services.triage.decide(conversationId, messageId, decision, blockedIp),
  };
}
