import { useCallback, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { IpcError, IpcResult } from '../../../../src-shared/contract/define.ts';
import type { ChosenAudioFile, UploadProgress } from '../../../../src-shared/contract/gateway.ts';
import type { OutboxEntry } from '../../../../src-shared/contract/outbox.ts';
import type { FollowUpKind, SupportScope } from '../../../../src-shared/contract/support.ts';
import { audioExtensions } from '../../../../src-shared/gateway-media.ts';
import { Dialog } from '../../../ui/Dialog.tsx';
import { ErrorNotice } from '../../../ui/ErrorNotice.tsx';
import { ScopeGate } from '../access/ScopeGate.tsx';
import { Field } from '../lists/Field.tsx';
import { followUpKindList, followUpKindWords } from '../lists/status-words.ts';
import type { SupportWrites } from '../lists/use-support-writes.ts';
import { DraftNotice, DraftRefused, ModelAtWorkMissing } from './DraftNotice.tsx';
import { cancelTask, draftingCalls, recordingCalls, useGatewayModels, useUploadProgress } from './drafting-data.ts';
import { useDraftStream, useModelAtWork } from '../../assistant/index.ts';

/** The longest note a follow-up takes (the contract's). */
const NOTE_MAX = 4000;
// Two decimals below a megabyte, so a short call is not shown as 0 MB.
const megabytes = (bytes: number) => (bytes < 1024 * 1024 ? Math.max(0.01, Math.round((bytes / (1024 * 1024)) * 100) / 100) : Math.round((bytes / (1024 * 1024)) * 10) / 10);
const transcriptionModel = /whisper|transcri|speech|asr|audio/i;

interface Props {
  profileId: string;
  scope: SupportScope;
  /** phone on a contact (the call it records); a work item's follow-up may also be a note. */
  defaultKind: FollowUpKind;
  writes: SupportWrites;
  send(kind: FollowUpKind, note: string): Promise<IpcResult<OutboxEntry>>;
}

/** "Follow-up from a recording": the button, and the dialog that turns a call into a follow-up. */
export function RecordingFollowUp(props: Props) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <ScopeGate profileId={props.profileId} scope={props.scope}>
        <button type="button" className="button" onClick={() => setOpen(true)}>
          {t('drafting.recording.open')}
        </button>
      </ScopeGate>
      {open && <RecordingDialog {...props} onClose={() => setOpen(false)} />}
    </>
  );
}

function RecordingDialog({ defaultKind, writes, send, onClose }: Props & { onClose(): void }) {
  const { t } = useTranslation();
  const atWork = useModelAtWork();
  const gatewayProfileId = atWork.data?.profileId;
  return (
    <Dialog title={t('drafting.recording.title')} onClose={onClose} wide>
      {atWork.isPending ? (
        <p className="muted">{t('drafting.recording.loading')}</p>
      ) : atWork.error ? (
        <ErrorNotice error={atWork.error} />
      ) : gatewayProfileId === undefined ? (
        <ModelAtWorkMissing />
      ) : (
        <RecordingSteps gatewayProfileId={gatewayProfileId} defaultKind={defaultKind} writes={writes} send={send} onClose={onClose} />
      )}
    </Dialog>
  );
}

function RecordingSteps({ gatewayProfileId, defaultKind, writes, send, onClose }: Omit<Props, 'profileId' | 'scope'> & { gatewayProfileId: string; onClose(): void }) {
  const { t } = useTranslation();
  const models = useGatewayModels(gatewayProfileId);
  const listed = models.data ?? [];
  const [pickedModel, setModel] = useState<string | null>(null);
  const model = pickedModel ?? listed.find((candidate) => transcriptionModel.test(candidate.id))?.id ?? '';
  const [file, setFile] = useState<ChosenAudioFile | null>(null);
  const [uploadId, setUploadId] = useState<string | null>(null);
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const [error, setError] = useState<IpcError | null>(null);
  const [transcript, setTranscript] = useState<string | null>(null);
  const [note, setNote] = useState('');
  const [kind, setKind] = useState<FollowUpKind>(defaultKind);
  const [saving, setSaving] = useState(false);
  const shortening = useDraftStream();
  const [shortRefusal, setShortRefusal] = useState<IpcError | null>(null);

  const currentUpload = useRef<string | null>(null);
  useUploadProgress(
    useCallback((update: UploadProgress) => {
      if (update.taskId === currentUpload.current) setProgress(update);
    }, []),
  );

  const choose = async () => {
    const chosen = await recordingCalls().chooseAudioFile();
    setError(chosen.ok ? null : chosen.error);
    if (chosen.ok && chosen.data) setFile(chosen.data);
  };

  const transcribe = async () => {
    if (!file) return;
    const taskId = crypto.randomUUID();
    currentUpload.current = taskId;
    setUploadId(taskId);
    setProgress(null);
    setError(null);
    const answer = await recordingCalls().transcribe({ profileId: gatewayProfileId, model, fileId: file.fileId, taskId });
    currentUpload.current = null;
    setUploadId(null);
    if (!answer.ok) return setError(answer.error);
    setTranscript(answer.data.text);
    setNote(answer.data.text);
  };

  const shorten = () => {
    setShortRefusal(null);
    void shortening.start((taskId) => draftingCalls().shortenCallNote({ text: transcript ?? note, taskId })).then((answer) => {
      if (!answer.ok) setShortRefusal(answer.error);
    });
  };
  const { draft } = shortening;
  // The shortened note streams into the box; once it ended the analyst edits it like any text.
  const shownNote = draft.state === 'streaming' ? draft.text : note;
  const [keptDraft, setKeptDraft] = useState<unknown>(null);
  if (draft.state === 'ended' && keptDraft !== draft) {
    setKeptDraft(draft);
    if (draft.text.trim()) setNote(draft.text);
  }

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setSaving(true);
    const entry = await writes.write(t('drafting.recording.save'), () => send(kind, note.trim()));
    setSaving(false);
    if (entry) onClose();
  };

  const percent = progress && progress.totalBytes > 0 ? Math.floor((progress.sentBytes / progress.totalBytes) * 100) : 0;
  const tooLong = note.trim().length > NOTE_MAX;
  return (
    <form className="si-form si-recording" onSubmit={(event) => void save(event)} aria-label={t('drafting.recording.title')}>
      <div className="si-recording-row">
        <label className="field">
          <span className="field-label">{t('drafting.recording.model')}</span>
          <select value={model} onChange={(event) => setModel(event.target.value)} disabled={!!uploadId}>
            <option value="">{t('drafting.recording.pickModel')}</option>
            {listed.map((candidate) => (
              <option key={candidate.id} value={candidate.id}>
                {candidate.id}
              </option>
            ))}
          </select>
        </label>
        <button type="button" className="button" disabled={!!uploadId} onClick={() => void choose()}>
          {t('drafting.recording.choose')}
        </button>
        {file && <span>{t('drafting.recording.chosen', { name: file.name, megabytes: megabytes(file.sizeBytes) })}</span>}
      </div>
      <p className="field-help">{t('drafting.recording.accepted', { types: audioExtensions.join(', ') })}</p>
      {models.error && <ErrorNotice error={models.error} />}
      <div className="si-recording-row">
        <button type="button" className="button" disabled={!model || !file || !!uploadId} onClick={() => void transcribe()}>
          {t('drafting.recording.transcribe')}
        </button>
        {uploadId && (
          <span className="si-recording-progress" role="status">
            <progress aria-label={t('drafting.recording.progress')} max={100} value={percent} />
            <span>{percent < 100 ? t('drafting.recording.uploading', { percent }) : t('drafting.recording.waiting')}</span>
            <button type="button" className="button" onClick={() => void cancelTask(uploadId)}>
              {t('drafting.recording.cancel')}
            </button>
          </span>
        )}
      </div>
      {error && <ErrorNotice error={error} title={t('drafting.recording.failed')} />}
      {transcript !== null && (
        <>
          <Field label={t('drafting.recording.note')} name="note" refusal={writes.refusal} help={tooLong ? t('drafting.recording.tooLong', { count: note.trim().length, max: NOTE_MAX }) : t('drafting.recording.noteHelp')}>
            <textarea value={shownNote} rows={8} readOnly={draft.state === 'streaming'} aria-busy={draft.state === 'streaming'} onChange={(event) => setNote(event.target.value)} />
          </Field>
          <div className="si-recording-row">
            {draft.state === 'streaming' ? (
              <button type="button" className="button" onClick={shortening.stop}>
                {t('drafting.stop')}
              </button>
            ) : (
              <button type="button" className="button" onClick={shorten}>
                {t('drafting.recording.shorten')}
              </button>
            )}
            <button type="button" className="button" disabled={draft.state === 'streaming' || note === transcript} onClick={() => setNote(transcript)}>
              {t('drafting.recording.useTranscript')}
            </button>
          </div>
          {shortRefusal && <DraftRefused error={shortRefusal} />}
          <DraftNotice draft={draft} />
          <label className="field">
            <span className="field-label">{t('support.followUps.kind')}</span>
            <select value={kind} onChange={(event) => setKind(event.target.value as FollowUpKind)}>
              {followUpKindList.map((value) => (
                <option key={value} value={value}>
                  {followUpKindWords(value, t)}
                </option>
              ))}
            </select>
          </label>
        </>
      )}
      <div className="si-form-actions">
        <button type="button" className="button" onClick={onClose}>
          {t('support.form.cancel')}
        </button>
        <button type="submit" className="button-primary" disabled={transcript === null || saving || draft.state === 'streaming' || note.trim() === '' || tooLong}>
          {t('drafting.recording.save')}
        </button>
      </div>
    </form>
  );
}
