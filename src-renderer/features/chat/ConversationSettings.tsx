import { useId, useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { IpcError } from '../../../src-shared/contract/define.ts';
import type { ChatParameters, Conversation, ConversationSettings as Settings } from '../../../src-shared/contract/gateway.ts';
import type { ProfileView } from '../../../src-shared/contract/profiles.ts';
import { chatParameterNames, chatParameterRanges, type ChatParameterName } from '../../../src-shared/chat-parameters.ts';
import { useFieldErrorText } from '../../language/use-error-text.ts';
import { ModelSelect } from './ModelSelect.tsx';
import { useUpdateConversation } from './chat-data.ts';

/** The value typed, or why it is not one the gateway takes. */
export function parameterProblem(name: ChatParameterName, typed: string): 'not_a_number' | 'out_of_range' | 'not_whole' | null {
  if (typed.trim() === '') return null;
  const value = Number(typed);
  const range = chatParameterRanges[name];
  if (!Number.isFinite(value)) return 'not_a_number';
  if (value < range.min || value > range.max) return 'out_of_range';
  if (name === 'maxTokens' && !Number.isInteger(value)) return 'not_whole';
  return null;
}

/** A labelled control whose accessible name is its label alone, with help and error below. */
function Field({ label, help, error, children }: { label: string; help?: string; error?: string | undefined; children(id: string): ReactNode }) {
  const id = useId();
  return (
    <div className={error ? 'field field-invalid' : 'field'}>
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      {children(id)}
      {help && <span className="field-help">{help}</span>}
      {error && <span className="field-error">{error}</span>}
    </div>
  );
}

function ParameterField({ name, value, onSave, mainError }: { name: ChatParameterName; value: number | undefined; onSave(value: number | undefined): void; mainError: string | undefined }) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState(value === undefined ? '' : String(value));
  const range = chatParameterRanges[name];
  const problem = parameterProblem(name, typed);
  const shown = problem ? t(`chat.parameters.problem.${problem}`, { min: range.min, max: range.max }) : mainError;
  const fallback = 'default' in range ? t('chat.parameters.defaultIs', { value: range.default }) : t('chat.parameters.noLimit');
  return (
    <Field label={t(`chat.parameters.${name}`)} help={t('chat.parameters.range', { min: range.min, max: range.max })} error={shown}>
      {(id) => (
      <input
        id={id}
        type="number"
        inputMode="decimal"
        min={range.min}
        max={range.max}
        step={range.step}
        placeholder={fallback}
        value={typed}
        aria-invalid={!!shown}
        onChange={(event) => setTyped(event.target.value)}
        onBlur={() => {
          if (problem) return;
          const next = typed.trim() === '' ? undefined : Number(typed);
          if (next !== value) onSave(next);
        }}
      />
      )}
    </Field>
  );
}

/** Keyed by the saved text, so a change saved elsewhere starts it afresh. */
function SystemPromptField({ saved, onSave }: { saved: string; onSave(text: string): void }) {
  const { t } = useTranslation();
  const [text, setText] = useState(saved);
  return (
    <Field label={t('chat.settings.systemPrompt')}>
      {(id) => (
      <textarea
        id={id}
        rows={2}
        value={text}
        placeholder={t('chat.settings.systemPromptPlaceholder')}
        onChange={(event) => setText(event.target.value)}
        onBlur={() => text !== saved && onSave(text)}
      />
      )}
    </Field>
  );
}

/** The header's one line: which connection and model the conversation uses. */
export function ConversationLine({ conversation, profiles, onSaved }: { conversation: Conversation; profiles: ProfileView[]; onSaved(error: IpcError | null): void }) {
  const { t } = useTranslation();
  const update = useUpdateConversation();
  const save = async (settings: Settings) => onSaved(await update(conversation.id, settings));
  return (
    <>
      <select aria-label={t('chat.settings.connection')} value={conversation.profileId ?? ''} onChange={(event) => void save({ profileId: event.target.value })}>
        {!conversation.profileId && <option value="">{t('chat.settings.noConnection')}</option>}
        {profiles.map((profile) => (
          <option key={profile.id} value={profile.id}>
            {profile.name}
          </option>
        ))}
      </select>
      <ModelSelect profileId={conversation.profileId} kind="chat" label={t('chat.settings.model')} value={conversation.model ?? ''} onChange={(model) => void save({ model: model || null })} />
    </>
  );
}

/** The rest of a conversation's settings, folded under the header: system prompt, endpoint, streaming, parameters. */
export function ConversationSettings({ conversation, error, onSaved }: { conversation: Conversation; error: IpcError | null; onSaved(error: IpcError | null): void }) {
  const { t } = useTranslation();
  const fieldErrorText = useFieldErrorText();
  const update = useUpdateConversation();
  const save = async (settings: Settings) => onSaved(await update(conversation.id, settings));
  const mainError = (name: ChatParameterName) => {
    const field = error?.fieldErrors?.find((candidate) => candidate.path === `parameters.${name}`);
    return field && fieldErrorText(field);
  };
  const saveParameter = (name: ChatParameterName) => (value: number | undefined) => {
    const parameters: ChatParameters = { ...conversation.parameters };
    if (value === undefined) delete parameters[name];
    else parameters[name] = value;
    void save({ parameters });
  };

  return (
    <section id={settingsPanelId(conversation.id)} className="chat-settings" aria-label={t('chat.settings.label')}>
      <SystemPromptField key={conversation.systemPrompt} saved={conversation.systemPrompt} onSave={(systemPrompt) => void save({ systemPrompt })} />
      <div className="field-row">
        <Field label={t('chat.settings.endpoint')}>
          {(id) => (
          <select id={id} value={conversation.endpoint} onChange={(event) => void save({ endpoint: event.target.value === 'responses' ? 'responses' : 'chat' })}>
            <option value="chat">{t('chat.settings.endpointChat')}</option>
            <option value="responses">{t('chat.settings.endpointResponses')}</option>
          </select>
          )}
        </Field>
        <label className="radio chat-stream-switch">
          <input type="checkbox" checked={conversation.stream} onChange={(event) => void save({ stream: event.target.checked })} />
          {t('chat.settings.stream')}
        </label>
        <span className="chat-settings-divider" aria-hidden />
        <div className="field-row" role="group" aria-label={t('chat.parameters.title')}>
        {chatParameterNames.map((name) => (
          <ParameterField key={`${name}:${conversation.parameters[name] ?? ''}`} name={name} value={conversation.parameters[name]} onSave={saveParameter(name)} mainError={mainError(name)} />
        ))}
        </div>
      </div>
    </section>
  );
}

export const settingsPanelId = (conversationId: string) => `chat-settings-${conversationId}`;
