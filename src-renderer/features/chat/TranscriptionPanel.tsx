import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { IpcError } from '../../../src-shared/contract/define.ts';
import type { ChosenAudioFile, Transcription, UploadProgress } from '../../../src-shared/contract/gateway.ts';
import type { ProfileView } from '../../../src-shared/contract/profiles.ts';
import { audioExtensions, audioFileMaxBytes } from '../../../src-shared/gateway-media.ts';
import { cancelTask, chooseAudioFile, transcribe, useUploadProgress } from './chat-data.ts';
import { ErrorNotice } from '../../ui/ErrorNotice.tsx';
import { CopyButton, copyWords } from './MessageItem.tsx';
import { ModelSelect } from './ModelSelect.tsx';

const megabytes = (bytes: number) => Math.round((bytes / (1024 * 1024)) * 10) / 10;

/** Speech to text: a file chosen in main's open dialog, uploaded by main with progress, the text to read and copy. */
export function TranscriptionPanel({ profile }: { profile: ProfileView }) {
  const { t } = useTranslation();
  const [model, setModel] = useState('');
  const [file, setFile] = useState<ChosenAudioFile | null>(null);
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const [uploadId, setUploadId] = useState<string | null>(null);
  const [result, setResult] = useState<Transcription | null>(null);
  const [error, setError] = useState<IpcError | null>(null);

  const currentUpload = useRef<string | null>(null);
  // Subscribed before any upload starts, so its first progress events are not missed.
  useUploadProgress(
    useCallback((update: UploadProgress) => {
      if (update.taskId === currentUpload.current) setProgress(update);
    }, []),
  );

  const choose = async () => {
    const chosen = await chooseAudioFile();
    setError(chosen.ok ? null : chosen.error);
    if (chosen.ok && chosen.data) {
      setFile(chosen.data);
      setResult(null);
    }
  };

  const transcribeFile = async () => {
    if (!file) return;
    const id = crypto.randomUUID();
    currentUpload.current = id;
    setUploadId(id);
    setProgress(null);
    setResult(null);
    const answer = await transcribe({ profileId: profile.id, model, fileId: file.fileId, taskId: id });
    currentUpload.current = null;
    setUploadId(null);
    setError(answer.ok ? null : answer.error);
    if (answer.ok) setResult(answer.data);
  };

  const percent = progress && progress.totalBytes > 0 ? Math.floor((progress.sentBytes / progress.totalBytes) * 100) : 0;
  return (
    <section className="chat-panel" aria-label={t('chat.transcription.title')}>
      <h2>{t('chat.transcription.title')}</h2>
      <div className="field-row">
        <ModelSelect profileId={profile.id} kind="transcription" label={t('chat.transcription.model')} value={model} onChange={setModel} />
        <button type="button" className="button" disabled={!!uploadId} onClick={() => void choose()}>
          {t('chat.transcription.choose')}
        </button>
        {file && <span>{t('chat.transcription.chosen', { name: file.name, megabytes: megabytes(file.sizeBytes) })}</span>}
      </div>
      <p className="field-help">{t('chat.transcription.accepted', { types: audioExtensions.join(', '), limit: megabytes(audioFileMaxBytes) })}</p>
      <button type="button" className="button" disabled={!model || !file || !!uploadId} onClick={() => void transcribeFile()}>
        {t('chat.transcription.transcribe')}
      </button>
      {uploadId && (
        <div className="chat-upload" role="status">
          <progress aria-label={t('chat.transcription.progress')} max={100} value={percent} />
          <span>{percent < 100 ? t('chat.transcription.uploading', { percent }) : t('chat.transcription.uploaded')}</span>
          <button type="button" className="button" onClick={() => void cancelTask(uploadId)}>
            {t('chat.transcription.stop')}
          </button>
        </div>
      )}
      {error && <ErrorNotice error={error} />}
      {result && (
        <div className="chat-transcript" role="region" aria-label={t('chat.transcription.text', { name: result.fileName })}>
          <p className="chat-question-text">{result.text}</p>
          <CopyButton text={result.text} words={copyWords(t)} />
        </div>
      )}
    </section>
  );
}
