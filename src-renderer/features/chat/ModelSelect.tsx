import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ModelKind } from '../../../src-shared/contract/gateway.ts';
import { ErrorNotice } from '../../ui/ErrorNotice.tsx';
import { useModels } from './chat-data.ts';

interface Props {
  profileId: string | null;
  /** The panel's use: only the models for it are listed until "Show all models" is ticked. */
  kind: ModelKind;
  label: string;
  value: string;
  onChange: (model: string) => void;
  disabled?: boolean;
}

/**
 * A picker of the models the profile's key may use that fit the panel (what the gateway says of each
 * model, or its name), with every model one click away. The list follows the profile: saved again or
 * a certificate trusted, it is read again, and an earlier refusal goes with the old list.
 */
export function ModelSelect({ profileId, kind, label, value, onChange, disabled = false }: Props) {
  const { t } = useTranslation();
  const models = useModels(profileId);
  const [showAll, setShowAll] = useState(false);
  const showAllId = useId();
  const all = models.data ?? [];
  const fitting = all.filter((model) => model.kinds.includes(kind));
  const listed = showAll ? all : fitting;
  const listedIds = listed.map((model) => model.id);
  const offered = all.some((model) => model.id === value);
  const hidden = all.length - fitting.length;

  return (
    <span className="chat-model-picker">
      <select aria-label={label} value={value} disabled={disabled || !models.data} onChange={(event) => onChange(event.target.value)}>
        <option value="">{models.isFetching && !models.data ? t('chat.settings.modelsLoading') : t('chat.settings.pickModel')}</option>
        {value && !listedIds.includes(value) && <option value={value}>{offered ? value : t('chat.settings.modelNotListed', { model: value })}</option>}
        {listed.map((model) => (
          <option key={model.id} value={model.id}>
            {model.id}
          </option>
        ))}
      </select>
      {hidden > 0 && (
        <label className="radio chat-show-all" htmlFor={showAllId}>
          <input id={showAllId} type="checkbox" checked={showAll} onChange={(event) => setShowAll(event.target.checked)} />
          {t('chat.models.showAll', { count: hidden })}
        </label>
      )}
      {models.error && !models.isFetching && (
        // One line: the connection's banner above says the same refusal at length.
        <span className="chat-model-problem" role="alert">
          <span className="text-danger">{t('chat.settings.modelsFailed')}</span>
          <details>
            <summary>{t('chat.models.why')}</summary>
            <ErrorNotice error={models.error} />
          </details>
          <button type="button" className="button chat-small" onClick={() => void models.refetch()}>
            {t('chat.retry')}
          </button>
        </span>
      )}
    </span>
  );
}
