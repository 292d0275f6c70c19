// Every bridge call of the model-at-work features (settings, triage): components use these hooks only.
import { useQueryClient } from '@tanstack/react-query';
import type { AssistantSettings, AssistantSettingsState } from '../../src-preload/contract/assistant.ts';
import { opsdesk } from '../bridge.ts';
import { useIpcQuery } from '../data/ipc-query.ts';
import { assistantKeys, gatewayKeys } from '../data/query-keys.ts';

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

/** The connection and model the analyst's features call; null while loading or when none is set up. */
export const useModelAtWork = () => useAssistantSettings().data?.modelAtWork ?? null;
