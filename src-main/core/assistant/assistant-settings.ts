import {
  assistantSettingsSchema,
  bulkLimitRange,
  defaultSentFields,
  type AssistantSettings,
  type AssistantSettingsInput,
  type AssistantSettingsState,
  type ModelAtWork,
  type PromptField,
} from '../../../src-shared/contract/assistant.ts';
import type { Translator } from '../../../src-shared/i18n/translator.ts';
import type { SettingsTable } from '../db/settings.ts';
import { Emitter } from '../lifecycle/emitter.ts';

const key = 'assistant';

const defaults: AssistantSettings = {
  profileId: null,
  model: null,
  embeddingModel: null,
  triageTemplate: null,
  sentFields: [...defaultSentFields],
  bulkLimit: bulkLimitRange.default,
};

export interface AssistantSettingsOptions {
  settings: SettingsTable;
  /** Whether a gateway connection with this id exists now (a deleted one is no model at work). */
  isGatewayProfile(profileId: string): boolean;
  /** Main's words in the user's language of the moment: the default triage template. */
  translator: () => Translator;
}

/**
 * The "model at work": which gateway connection and model the analyst's features use, the triage
 * template, which record fields a prompt may carry and how many alerts a triage sends without
 * asking. Kept in the settings table beside the other preferences.
 */
export class AssistantSettingsService {
  readonly #options: AssistantSettingsOptions;
  readonly #changed = new Emitter<AssistantSettingsState>();
  readonly onChanged = this.#changed.event;

  constructor(options: AssistantSettingsOptions) {
    this.#options = options;
  }

  state(): AssistantSettingsState {
    return { ...this.#read(), modelAtWork: this.modelAtWork() };
  }

  save(settings: AssistantSettingsInput): AssistantSettingsState {
    this.#options.settings.write(key, assistantSettingsSchema.parse(settings));
    const state = this.state();
    this.#changed.fire(state);
    return state;
  }

  /** The connection and model the analyst's features call, or null when none is set up (or its connection is gone). */
  modelAtWork(): ModelAtWork | null {
    const { profileId, model } = this.#read();
    if (!profileId || !model || !this.#options.isGatewayProfile(profileId)) return null;
    return { profileId, model };
  }

  /** The connection of the model at work and its embedding model, or null when either is not set. */
  embeddingAtWork(): ModelAtWork | null {
    const { profileId, embeddingModel } = this.#read();
    if (!profileId || !embeddingModel || !this.#options.isGatewayProfile(profileId)) return null;
    return { profileId, model: embeddingModel };
  }

  /** Whether a prompt may carry this field. */
  sends(field: PromptField): boolean {
    return this.#read().sentFields.includes(field);
  }

  /** The triage template the analyst wrote, or the default in the language of the moment. */
  triageTemplate(): string {
    return this.#read().triageTemplate ?? this.#options.translator().t('assistant.triage.defaultTemplate');
  }

  bulkLimit(): number {
    return this.#read().bulkLimit;
  }

  /** What was saved, each field falling back to its default when an older or damaged row lacks it. */
  #read(): AssistantSettings {
    const saved = this.#options.settings.read(key);
    const record: Record<string, unknown> = typeof saved === 'object' && saved !== null ? { ...saved } : {};
    const field = <K extends keyof AssistantSettings>(name: K): AssistantSettings[K] => {
      const parsed = assistantSettingsSchema.shape[name].safeParse(record[name]);
      return parsed.success ? (parsed.data as AssistantSettings[K]) : defaults[name];
    };
    return {
      profileId: field('profileId'),
      model: field('model'),
      embeddingModel: field('embeddingModel'),
      triageTemplate: field('triageTemplate'),
      sentFields: field('sentFields'),
      bulkLimit: field('bulkLimit'),
    };
  }

  dispose(): void {
    this.#changed.dispose();
  }
}
