import { z } from 'zod';
import { bulkLimitRange, defaultSentFields, promptFields } from '../../src-shared/assistant-constants.ts';
import { call, event } from './define.ts';

export { bulkLimitRange, defaultSentFields, promptFields };
export type PromptField = (typeof promptFields)[number];

/** The gateway connection and model the analyst's features (triage, drafted replies) use. */
export interface ModelAtWork {
  profileId: string;
  model: string;
}

export const assistantSettingsSchema = z.object({
  /** A gateway connection's id; null: none chosen. */
  profileId: z.string().min(1).max(64).nullable(),
  model: z.string().trim().min(1).max(200).nullable(),
  /** The triage prompt; null: the default in the language of the moment. */
  triageTemplate: z.string().trim().min(1).max(20_000).nullable(),
  sentFields: z.array(z.enum(promptFields)).max(promptFields.length),
  /** A triage of more alerts than this asks first. */
  bulkLimit: z.int().min(bulkLimitRange.min).max(bulkLimitRange.max),
});
export type AssistantSettings = z.infer<typeof assistantSettingsSchema>;

/** The settings, and the model at work they name when its connection still exists (null: none to use). */
export interface AssistantSettingsState extends AssistantSettings {
  modelAtWork: ModelAtWork | null;
}

export const assistant = {
  calls: {
    settings: call<AssistantSettingsState>()(z.undefined()),
    saveSettings: call<AssistantSettingsState>()(assistantSettingsSchema),
  },
  events: {
    settingsChanged: event<AssistantSettingsState>(),
  },
};
