import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { IpcError } from '../../../src-shared/contract/define.ts';
import type { GeneratedImage } from '../../../src-shared/contract/gateway.ts';
import type { ProfileView } from '../../../src-shared/contract/profiles.ts';
import { imageCountLimits, imageSizeProblem } from '../../../src-shared/gateway-media.ts';
import { generateImages, saveImage } from './chat-data.ts';
import { useFieldErrorText } from '../../language/use-error-text.ts';
import { ErrorNotice } from '../../ui/ErrorNotice.tsx';
import { ModelSelect } from './ModelSelect.tsx';

const counts = Array.from({ length: imageCountLimits.max - imageCountLimits.min + 1 }, (_, index) => imageCountLimits.min + index);

/** One generated image: shown from the data URL main made, saved through main's save dialog. */
function ImageResult({ image, index }: { image: GeneratedImage; index: number }) {
  const { t } = useTranslation();
  const [saved, setSaved] = useState<string | null>(null);
  const [error, setError] = useState<IpcError | null>(null);
  const save = async () => {
    const result = await saveImage({ imageId: image.id });
    setError(result.ok ? null : result.error);
    if (result.ok && result.data.path) setSaved(result.data.path);
  };
  return (
    <figure className="chat-image">
      <img src={image.dataUrl} alt={t('chat.images.result', { index })} />
      <figcaption>
        {image.width !== null && image.height !== null && <span className="muted">{t('chat.images.dimensions', { width: image.width, height: image.height })}</span>}
        {image.sourceUrl && <span className="muted chat-image-source">{t('chat.images.fetchedFrom', { url: image.sourceUrl })}</span>}
        {image.revisedPrompt && <span className="muted">{t('chat.images.revisedPrompt', { prompt: image.revisedPrompt })}</span>}
        <button type="button" className="button chat-small" onClick={() => void save()}>
          {t('chat.images.save')}
        </button>
        {saved && <span role="status">{t('chat.images.saved', { path: saved })}</span>}
        {error && <ErrorNotice error={error} />}
      </figcaption>
    </figure>
  );
}

/** Text to image: prompt, size `<w>x<h>` (checked here and again in main) and how many. */
export function ImagesPanel({ profile }: { profile: ProfileView }) {
  const { t } = useTranslation();
  const fieldErrorText = useFieldErrorText();
  const [model, setModel] = useState('');
  const [prompt, setPrompt] = useState('');
  const [size, setSize] = useState('1024x1024');
  const [n, setN] = useState(1);
  const [images, setImages] = useState<GeneratedImage[]>([]);
  const [error, setError] = useState<IpcError | null>(null);
  const [busy, setBusy] = useState(false);
  const sizeProblem = imageSizeProblem(size.trim());
  const mainSizeError = error?.fieldErrors?.find((field) => field.path === 'size');
  const sizeError = sizeProblem ? t(`fieldErrors.${sizeProblem}`) : mainSizeError && fieldErrorText(mainSizeError);

  const generate = async () => {
    setBusy(true);
    const result = await generateImages({ profileId: profile.id, model, prompt, size: size.trim(), n });
    setBusy(false);
    setError(result.ok ? null : result.error);
    if (result.ok) setImages(result.data);
  };

  return (
    <section className="chat-panel" aria-label={t('chat.images.title')}>
      <h2>{t('chat.images.title')}</h2>
      <form
        className="chat-panel-form"
        onSubmit={(event) => {
          event.preventDefault();
          void generate();
        }}
      >
        <div className="field-row">
          <ModelSelect profileId={profile.id} kind="image" label={t('chat.images.model')} value={model} onChange={setModel} />
        </div>
        <textarea aria-label={t('chat.images.prompt')} placeholder={t('chat.images.promptPlaceholder')} rows={2} value={prompt} onChange={(event) => setPrompt(event.target.value)} />
        <div className="field-row">
          <label className={sizeError ? 'field field-invalid' : 'field'}>
            <span className="field-label">{t('chat.images.size')}</span>
            <input value={size} onChange={(event) => setSize(event.target.value)} aria-invalid={!!sizeError} />
            {sizeError && <span className="field-error">{sizeError}</span>}
          </label>
          <label className="field">
            <span className="field-label">{t('chat.images.count')}</span>
            <select aria-label={t('chat.images.count')} value={n} onChange={(event) => setN(Number(event.target.value))}>
              {counts.map((count) => (
                <option key={count} value={count}>
                  {count}
                </option>
              ))}
            </select>
          </label>
        </div>
        <button type="submit" className="button" disabled={!model || !prompt.trim() || !!sizeProblem || busy}>
          {busy ? t('chat.images.generating') : t('chat.images.generate')}
        </button>
      </form>
      {error && !mainSizeError && <ErrorNotice error={error} />}
      {images.length > 0 && (
        <div className="chat-images">
          {images.map((image, index) => (
            <ImageResult key={image.id} image={image} index={index + 1} />
          ))}
        </div>
      )}
    </section>
  );
}
