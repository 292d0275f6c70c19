import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { AssistantSettings, AssistantSettingsState, PromptField } from '../../../src-shared/contract/assistant.ts';
import { bulkLimitRange, promptFields } from '../../../src-shared/assistant-constants.ts';
import type { IpcError } from '../../../src-shared/contract/define.ts';
import { useProfiles } from '../connections/index.ts';
import { ErrorNotice } from '../../ui/ErrorNotice.tsx';
import { useAssistantSettings, useGatewayModels, useSaveAssistantSettings } from './assistant-data.ts';
import { MeaningIndexStatus } from './MeaningIndexStatus.tsx';
import './assistant.css';

const fieldGroups = [
  { record: 'alert', heading: 'assistant.settings.alertFields' },
  { record: 'visitor', heading: 'assistant.settings.visitorFields' },
] as const;

const settingsOf = ({ modelAtWork: _modelAtWork, ...settings }: AssistantSettingsState): AssistantSettings => settings;

/** Settings → Model at work: the gateway connection and model, the triage template, the fields prompts carry, the bulk limit. */
export function ModelAtWorkSection() {
  const { t } = useTranslation();
  const id = useId();
  const saved = useAssistantSettings();
  return (
    <section className="card model-at-work" aria-labelledby={`${id}-heading`} data-settings-section="modelAtWork">
      <h2 id={`${id}-heading`} tabIndex={-1}>{t('assistant.settings.heading')}</h2>
      <p className="muted">{t('assistant.settings.intro')}</p>
      {saved.error && <ErrorNotice error={saved.error} />}
      {saved.data && <ModelAtWorkForm saved={saved.data} />}
    </section>
  );
}

function ModelAtWorkForm({ saved }: { saved: AssistantSettingsState }) {
  const { t } = useTranslation();
  const id = useId();
  const save = useSaveAssistantSettings();
  const gatewayProfiles = useProfiles().filter((profile) => profile.service === 'gateway');
  const [draft, setDraft] = useState<AssistantSettings>(() => settingsOf(saved));
  const [state, setState] = useState<{ kind: 'idle' | 'saving' | 'saved' } | { kind: 'failed'; error: IpcError }>({ kind: 'idle' });
  const models = useGatewayModels(draft.profileId);
  const change = (values: Partial<AssistantSettings>) => {
    setDraft((current) => ({ ...current, ...values }));
    setState({ kind: 'idle' });
  };
  const toggle = (field: PromptField, sent: boolean) =>
    change({ sentFields: sent ? [...draft.sentFields, field] : draft.sentFields.filter((kept) => kept !== field) });
  const profileName = gatewayProfiles.find((profile) => profile.id === saved.modelAtWork?.profileId)?.name ?? '';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setState({ kind: 'saving' });
    const result = await save(draft);
    setState(result.ok ? { kind: 'saved' } : { kind: 'failed', error: result.error });
  };

  return (
    <form onSubmit={(event) => void submit(event)}>
      <p role="status" className={saved.modelAtWork ? 'model-at-work-ready' : 'muted'}>
        {saved.modelAtWork ? t('assistant.settings.ready', { model: saved.modelAtWork.model, profile: profileName }) : t('assistant.settings.notReady')}
      </p>
      <div className="model-at-work-row">
        <div className="field">
          <label className="field-label" htmlFor={`${id}-connection`}>
            {t('assistant.settings.connection')}
          </label>
          <select id={`${id}-connection`} value={draft.profileId ?? ''} onChange={(event) => change({ profileId: event.target.value || null, model: null, embeddingModel: null })}>
            <option value="">{t('assistant.settings.noConnection')}</option>
            {gatewayProfiles.map((profile) => (
              <option key={profile.id} value={profile.id}>
                {profile.name}
              </option>
            ))}
          </select>
          {gatewayProfiles.length === 0 && <span className="field-help">{t('assistant.settings.noGatewayProfiles')}</span>}
        </div>
        <div className="field">
          <label className="field-label" htmlFor={`${id}-model`}>
            {t('assistant.settings.model')}
          </label>
          <select id={`${id}-model`} value={draft.model ?? ''} disabled={!draft.profileId} onChange={(event) => change({ model: event.target.value || null })}>
            <option value="">{t('chat.settings.pickModel')}</option>
            {draft.model && !models.data?.some((model) => model.id === draft.model) && <option value={draft.model}>{draft.model}</option>}
            {models.data?.map((model) => (
              <option key={model.id} value={model.id}>
                {model.id}
              </option>
            ))}
          </select>
        </div>
      </div>
      <div className="field">
        <label className="field-label" htmlFor={`${id}-embedding`}>
          {t('assistant.settings.embeddingModel')}
        </label>
        <select
          id={`${id}-embedding`}
          value={draft.embeddingModel ?? ''}
          disabled={!draft.profileId}
          aria-describedby={`${id}-embedding-help`}
          onChange={(event) => change({ embeddingModel: event.target.value || null })}
        >
          <option value="">{t('assistant.settings.noEmbeddingModel')}</option>
          {draft.embeddingModel && !models.data?.some((model) => model.id === draft.embeddingModel) && <option value={draft.embeddingModel}>{draft.embeddingModel}</option>}
          {models.data
            ?.filter((model) => model.kinds.includes('embedding'))
            .map((model) => (
              <option key={model.id} value={model.id}>
                {model.id}
              </option>
            ))}
        </select>
        <span id={`${id}-embedding-help`} className="field-help">
          {t('assistant.settings.embeddingHelp')}
        </span>
        <MeaningIndexStatus />
      </div>
      {models.error && <ErrorNotice error={models.error} />}
      <div className="field">
        <label className="field-label" htmlFor={`${id}-template`}>
          {t('assistant.settings.template')}
        </label>
        <textarea
          id={`${id}-template`}
          rows={8}
          value={draft.triageTemplate ?? t('assistant.triage.defaultTemplate')}
          onChange={(event) => change({ triageTemplate: event.target.value.trim() ? event.target.value : null })}
          aria-describedby={`${id}-template-help`}
        />
        <span id={`${id}-template-help`} className="field-help">
          {t('assistant.settings.templateHelp')}
        </span>
        {draft.triageTemplate !== null && (
          <button type="button" className="button" onClick={() => change({ triageTemplate: null })}>
            {t('assistant.settings.useDefault')}
          </button>
        )}
      </div>
      <fieldset className="model-at-work-fields">
        <legend>{t('assistant.settings.fields')}</legend>
        <p className="field-help">{t('assistant.settings.fieldsHelp')}</p>
        {fieldGroups.map(({ record, heading }) => (
          <div key={record} className="model-at-work-group" role="group" aria-label={t(heading)}>
            <span className="field-label">{t(heading)}</span>
            {promptFields
              .filter((field) => field.startsWith(`${record}.`))
              .map((field) => (
                <label key={field} className="checkbox">
                  <input type="checkbox" checked={draft.sentFields.includes(field)} onChange={(event) => toggle(field, event.target.checked)} />
                  {t(`assistant.fields.${field}`)}
                </label>
              ))}
          </div>
        ))}
      </fieldset>
      <div className="field model-at-work-bulk">
        <label className="field-label" htmlFor={`${id}-bulk`}>
          {t('assistant.settings.bulkLimit')}
        </label>
        <span>
          <input
            id={`${id}-bulk`}
            type="number"
            min={bulkLimitRange.min}
            max={bulkLimitRange.max}
            value={draft.bulkLimit}
            onChange={(event) => change({ bulkLimit: Math.round(Number(event.target.value)) })}
          />{' '}
          {t('assistant.settings.bulkLimitUnit')}
        </span>
      </div>
      {state.kind === 'failed' && <ErrorNotice error={state.error} title={t('assistant.settings.notSaved')} />}
      <div className="dialog-actions">
        {state.kind === 'saved' && (
          <span role="status" className="muted">
            {t('assistant.settings.saved')}
          </span>
        )}
        <button type="submit" className="button-primary" disabled={state.kind === 'saving'}>
          {state.kind === 'saving' ? t('assistant.settings.saving') : t('assistant.settings.save')}
        </button>
      </div>
    </form>
  );
}
