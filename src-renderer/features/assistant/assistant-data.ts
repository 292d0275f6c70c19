// Every bridge call of the model-at-work features (settings, triage): components use these hooks only.
import { useQueryClient } from '@tanstack/react-query';
import type { AssistantSettings, AssistantSettingsState, TriageDecision, TriageRequest } from '../../../src-shared/contract/assistant.ts';
import type { DraftEnded } from '../../../src-shared/contract/drafting.ts';
import { opsdesk } from '../../data/bridge.ts';
import { useIpcQuery } from '../../data/ipc-query.ts';
import { assistantKeys, gatewayKeys } from '../../data/query-keys.ts';

/** The model at work and what its prompts may carry; follows main's `settingsChanged`. */
export const useAssistantSettings = () => useIpcQuery(assistantKeys.settings(), () => opsdesk.assistant.settings());

export function useSaveAssistantSettings() {
  const client = useQueryClient();
  return async (settings: AssistantSettings) => {
    const result = await opsdesk.assistant.saveSettings(settings);
    if (result.ok) client.setQueryData<AssistantSettingsState>(assistantKeys.settings(), result.data);
    return result;
  };
}

/** The models a gateway connection's key may use, for the model-at-work picker. */
export const useGatewayModels = (profileId: string | null) =>
  useIpcQuery(gatewayKeys.remote(profileId ?? '', 'models'), () => opsdesk.gateway.models({ profileId: profileId ?? '' }), { enabled: profileId !== null });

/** The model at work (Settings): the gateway connection and model the analyst's features call; `data` is null when none is set up. */
export function useModelAtWork() {
  const settings = useAssistantSettings();
  return { ...settings, data: settings.data === undefined ? undefined : settings.data.modelAtWork };
}

/** A conversation's triage (null when it is none); main's `triageChanged` says when to read it again. */
export const useTriage = (conversationId: string) => useIpcQuery(assistantKeys.triage(conversationId), () => opsdesk.assistant.triageOf({ conversationId }));

/** The triage conversations about one alert, newest first. */
export const useTriagesOfAlert = (profileId: string, alertId: string) =>
  useIpcQuery(assistantKeys.triagesOf(profileId, alertId), () => opsdesk.assistant.triagesOfAlert({ profileId, alertId }));

/** "Ask the model": opens the conversation; its answer streams under a task id made here. */
export const startTriage = (request: Omit<TriageRequest, 'taskId'>) => opsdesk.assistant.triage({ ...request, taskId: crypto.randomUUID() });

export function useDecideTriage() {
  const client = useQueryClient();
  return async (conversationId: string, messageId: string, decision: TriageDecision['kind'], blockedIp: string | null) => {
    const result = await opsdesk.assistant.decideTriage({ conversationId, messageId, decision, blockedIp });
    if (result.ok) client.setQueryData(assistantKeys.triage(conversationId), result.data);
    return result;
  };
}

/**
 * Follows one draft's text as main streams it: each batch, then its end, after which nothing more
 * comes and the following stops by itself. Returns the stop, for a draft that never started.
 */
export function followDraft(taskId: string, onText: (content: string) => void, onEnd: (ended: DraftEnded) => void): () => void {
  const offDelta = opsdesk.drafting.onDraftDelta((delta) => delta.taskId === taskId && onText(delta.content));
  const offEnded = opsdesk.drafting.onDraftEnded((ended) => {
    if (ended.taskId !== taskId) return;
    unfollow();
    onEnd(ended);
  });
  const unfollow = () => {
    offDelta();
    offEnded();
  };
  return unfollow;
}

/** Stops a draft main writes; what arrived stays. */
export const stopDraft = (taskId: string) => opsdesk.app.cancel({ taskId });
