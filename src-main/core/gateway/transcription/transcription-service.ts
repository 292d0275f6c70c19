// Transcription (`POST /audio/transcriptions`, multipart): the file is chosen in main's open
// dialog and known to the window only by an id, so a window cannot make main read any other
// path; its type and size are checked before anything is sent, and the upload reports progress.
import type { ActivityRecorder } from '../../activity/activity-recorder.ts';
import { randomUUID } from 'node:crypto';
import { open, stat } from 'node:fs/promises';
import path from 'node:path';
import type { ChosenAudioFile, Transcription, UploadProgress } from '../../../../src-shared/contract/gateway.ts';
import { audioExtensions, audioFileMaxBytes } from '../../../../src-shared/gateway-media.ts';
import type { Translator } from '../../../../src-shared/i18n/translator.ts';
import { describeMalformedResponse } from '../../http/status-errors.ts';
import { ServiceFailure } from '../../http/service-failure.ts';
import type { Clock } from '../../lifecycle/clock.ts';
import { Emitter } from '../../lifecycle/emitter.ts';
import type { Tasks } from '../../lifecycle/tasks.ts';
import type { Platform } from '../../platform.ts';
import { UserFacingError } from '../../user-facing-error.ts';
import { readRecord, readString } from '../../wire/read.ts';
import { recordedCall } from '../call-recorder.ts';
import type { CallLogRepository } from '../chat/call-log-repository.ts';
import type { GatewayClient } from '../client.ts';
import { gatewayDialect } from '../error-dialect.ts';

export interface TranscriptionServiceOptions {
  clients: { clientFor(profileId: string, service: 'gateway'): GatewayClient };
  calls: CallLogRepository;
  /** Where requests that send the analyst's data out, and exports, are recorded. */
  activity?: ActivityRecorder | undefined;
  clock: Clock;
  /** Each upload runs as a task under the window's id for it: its progress goes to that window, and it can be cancelled. */
  tasks: Tasks;
  platform: Platform;
  translator: () => Translator;
}

/** Whether the first bytes are one of the accepted containers; a renamed document is not audio. */
export function looksLikeAudio(head: Buffer): boolean {
  const text = (from: number, to: number) => head.toString('latin1', from, to);
  return (
    (text(0, 4) === 'RIFF' && text(8, 12) === 'WAVE') ||
    text(0, 4) === 'OggS' ||
    text(0, 4) === 'fLaC' ||
    text(0, 3) === 'ID3' ||
    (head[0] === 0xff && ((head[1] ?? 0) & 0xe0) === 0xe0) ||
    text(4, 8) === 'ftyp' ||
    head.subarray(0, 4).equals(Buffer.from([0x1a, 0x45, 0xdf, 0xa3]))
  );
}

const limitMegabytes = audioFileMaxBytes / (1024 * 1024);

export class TranscriptionService {
  readonly #options: TranscriptionServiceOptions;
  readonly #chosen = new Map<string, { path: string; name: string }>();
  readonly #progress = new Emitter<UploadProgress>();
  readonly onUploadProgress = this.#progress.event;

  constructor(options: TranscriptionServiceOptions) {
    this.#options = options;
  }

  async chooseFile(): Promise<ChosenAudioFile | null> {
    const t = this.#options.translator();
    const chosen = await this.#options.platform.chooseOpenPath({
      title: t.t('fileDialogs.chooseAudio'),
      filters: [{ name: t.t('fileDialogs.audioFiles'), extensions: [...audioExtensions] }],
    });
    if (chosen === null) return null;
    const { name, sizeBytes } = await checkedAudio(chosen);
    const fileId = randomUUID();
    this.#chosen.set(fileId, { path: chosen, name });
    return { fileId, name, sizeBytes };
  }

  async transcribe(request: { profileId: string; model: string; fileId: string; taskId: string }, windowId?: number): Promise<Transcription> {
    const chosen = this.#chosen.get(request.fileId);
    if (!chosen) throw new UserFacingError({ code: 'not_found', params: { context: 'audio_gone' } });
    // Checked again: the file may have changed since it was chosen.
    await checkedAudio(chosen.path);
    const audio = await readWhole(chosen.path);
    const client = this.#options.clients.clientFor(request.profileId, 'gateway');
    const form = new FormData();
    form.append('model', request.model);
    form.append('file', new File([audio], chosen.name));
    const { taskId } = request;
    const answer = await this.#options.tasks.run(taskId, windowId, (signal) =>
      recordedCall(this.#options, client, { profileId: request.profileId, endpoint: '/audio/transcriptions', model: request.model, activity: { action: 'transcribe', target: { kind: 'transcription', label: chosen.name } } }, () =>
        client.postForm('/audio/transcriptions', form, (sentBytes, totalBytes) => this.#progress.fire({ taskId, sentBytes, totalBytes }), signal),
      ),
    );
    const text = typeof answer === 'string' ? answer : readString(readRecord(answer)?.['text'] ?? readRecord(answer)?.['transcript']);
    if (text === undefined) throw new ServiceFailure(describeMalformedResponse(gatewayDialect, 200, 'unexpected_shape', undefined));
    return { text, model: request.model, fileName: chosen.name };
  }

  dispose(): void {
    this.#progress.dispose();
  }
}

async function readWhole(file: string): Promise<Uint8Array<ArrayBuffer>> {
  const handle = await open(file, 'r');
  try {
    const { size } = await handle.stat();
    const bytes = new Uint8Array(size);
    await handle.read(bytes, 0, size, 0);
    return bytes;
  } finally {
    await handle.close();
  }
}

/** The file's name and size once it is known to be audio of an accepted type within the limit. */
async function checkedAudio(file: string): Promise<{ name: string; sizeBytes: number }> {
  const name = path.basename(file);
  const extension = path.extname(file).slice(1).toLowerCase();
  const allowed = audioExtensions.join(', ');
  const notAudio = () => new UserFacingError({ code: 'bad_request', params: { context: 'audio_type', name, allowed } });
  if (!(audioExtensions as readonly string[]).includes(extension)) throw notAudio();
  const { size } = await stat(file).catch(() => {
    throw new UserFacingError({ code: 'not_found', params: { context: 'audio_gone' } });
  });
  if (size > audioFileMaxBytes) {
    throw new UserFacingError({ code: 'bad_request', params: { context: 'audio_too_large', name, megabytes: Math.ceil(size / (1024 * 1024)), limit: limitMegabytes } });
  }
  const handle = await open(file, 'r');
  try {
    const head = Buffer.alloc(12);
    const { bytesRead } = await handle.read(head, 0, 12, 0);
    if (bytesRead < 4 || !looksLikeAudio(head.subarray(0, bytesRead))) throw notAudio();
  } finally {
    await handle.close();
  }
  return { name, sizeBytes: size };
}
