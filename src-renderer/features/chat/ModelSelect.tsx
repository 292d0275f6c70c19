import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useChatStore } from './chat-store.ts';

/** A picker of the models the profile's key may use, for the panels beside the chat (embeddings, images, transcription). */
export function ModelSelect({ profileId, label, value, onChange }: { profileId: string; label: string; value: string; onChange: (model: string) => void }) {
  const { t } = useTranslation();
  const models = useChatStore((state) => state.models[profileId]);
  const loadModels = useChatStore((state) => state.loadModels);
  useEffect(() => {
    void loadModels(profileId);
  }, [profileId, loadModels]);
  return (
    <select aria-label={label} value={value} onChange={(event) => onChange(event.target.value)}>
      <option value="">{t('chat.settings.pickModel')}</option>
      {models?.state === 'loaded' &&
        models.models.map((candidate) => (
          <option key={candidate.id} value={candidate.id}>
            {candidate.id}
          </option>
        ))}
    </select>
  );
}
