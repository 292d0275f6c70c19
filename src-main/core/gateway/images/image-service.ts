// Image generation (`POST /images/generations`): the gateway answers each image as base64 or as a
// URL ("not shown" in gateway.md); a URL is fetched here, over the profile's connection, so the
// window never reaches the network. Only real image bytes are shown or saved.
import { recordedExport, type ActivityRecorder } from '../../activity/activity-recorder.ts';
import { randomUUID } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import type { GeneratedImage, SavedFile } from '../../../../src-shared/contract/gateway.ts';
import type { Translator } from '../../../../src-shared/i18n/translator.ts';
import { describeMalformedResponse } from '../../http/status-errors.ts';
import { ServiceFailure } from '../../http/service-failure.ts';
import type { Clock } from '../../lifecycle/clock.ts';
import type { Platform } from '../../platform.ts';
import { UserFacingError } from '../../user-facing-error.ts';
import { fieldsOf, readList, readRecord } from '../../wire/read.ts';
import { recordedCall } from '../call-recorder.ts';
import type { CallLogRepository } from '../chat/call-log-repository.ts';
import type { GatewayClient } from '../client.ts';
import { gatewayDialect } from '../error-dialect.ts';

export interface ImageRequest {
  model: string;
  prompt: string;
  size: string;
  n: number;
}

export interface ImageServiceOptions {
  clients: { clientFor(profileId: string, service: 'gateway'): GatewayClient };
  calls: CallLogRepository;
  /** Where requests that send the analyst's data out, and exports, are recorded. */
  activity?: ActivityRecorder | undefined;
  clock: Clock;
  platform: Platform;
  /** Main's words for its native dialogs, in the user's language of the moment. */
  translator: () => Translator;
}

const imageTypes: { mimeType: string; extension: string; matches: (bytes: Buffer) => boolean }[] = [
  { mimeType: 'image/png', extension: 'png', matches: (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) },
  { mimeType: 'image/jpeg', extension: 'jpg', matches: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  { mimeType: 'image/webp', extension: 'webp', matches: (b) => b.toString('latin1', 0, 4) === 'RIFF' && b.toString('latin1', 8, 12) === 'WEBP' },
  { mimeType: 'image/gif', extension: 'gif', matches: (b) => b.toString('latin1', 0, 4) === 'GIF8' },
];

/** What the bytes are, by their signature, not by what a server labelled them. */
export function imageTypeOf(bytes: Buffer): (typeof imageTypes)[number] | undefined {
  return imageTypes.find((type) => type.matches(bytes));
}

function pngSize(bytes: Buffer): { width: number; height: number } | undefined {
  return bytes.length >= 24 && bytes.toString('latin1', 12, 16) === 'IHDR' ? { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) } : undefined;
}

// Enough for a session's work without holding every image generated since the app started.
const IMAGES_KEPT = 32;

export class ImageService {
  readonly #options: ImageServiceOptions;
  /** The images shown in a window, by id, for Save; the oldest go first. */
  readonly #kept = new Map<string, { bytes: Buffer; extension: string; mimeType: string }>();

  constructor(options: ImageServiceOptions) {
    this.#options = options;
  }

  async generateImages(profileId: string, request: ImageRequest): Promise<GeneratedImage[]> {
    const client = this.#options.clients.clientFor(profileId, 'gateway');
    return recordedCall(this.#options, client, { profileId, endpoint: '/images/generations', model: request.model, activity: { action: 'generateImages', target: { kind: 'image', label: request.model } } }, async () => {
      // The SDK types `size` as OpenAI's own list; gateway.md allows any <width>x<height>.
      const body: unknown = await client.openai.images.generate({ model: request.model, prompt: request.prompt, size: request.size as '1024x1024', n: request.n });
      const items = readList(readRecord(body)?.['data'] ?? readRecord(body)?.['images']) ?? [];
      const images = await Promise.all(items.map((item) => this.#imageOf(client, item)));
      const found = images.filter((image) => image !== undefined);
      if (found.length === 0) throw new ServiceFailure(describeMalformedResponse(gatewayDialect, 200, 'unexpected_shape', undefined));
      return found;
    });
  }

  save(imageId: string): Promise<SavedFile> {
    return recordedExport(this.#options.activity, { profileId: null, backEnd: 'local', action: { code: 'saveImage' }, target: { kind: 'image' } }, () => this.#save(imageId));
  }

  async #save(imageId: string): Promise<SavedFile> {
    const image = this.#kept.get(imageId);
    if (!image) throw new UserFacingError({ code: 'not_found', params: { context: 'image_gone' } });
    const t = this.#options.translator();
    const path = await this.#options.platform.chooseSavePath({
      title: t.t('fileDialogs.saveImage'),
      defaultName: `image-${new Date(this.#options.clock.now()).toISOString().slice(0, 10)}.${image.extension}`,
      filters: [{ name: image.mimeType, extensions: [image.extension] }],
    });
    if (path === null) return { path: null };
    await writeFile(path, image.bytes);
    return { path };
  }

  async #imageOf(client: GatewayClient, item: unknown): Promise<GeneratedImage | undefined> {
    const fields = fieldsOf(item);
    if (!fields) return undefined;
    const base64 = fields.string('b64_json', 'b64', 'base64', 'image');
    const url = base64 ? undefined : fields.string('url', 'image_url');
    let bytes: Buffer;
    if (base64) bytes = Buffer.from(base64, 'base64');
    else if (url) bytes = (await client.fetchFile(url)).bytes;
    else return undefined;
    const type = imageTypeOf(bytes);
    // A login page or an error document at the URL is not an image to show or save.
    if (!type) throw new ServiceFailure(describeMalformedResponse(gatewayDialect, 200, 'unexpected_shape', undefined));
    const id = randomUUID();
    this.#kept.set(id, { bytes, extension: type.extension, mimeType: type.mimeType });
    for (const oldest of this.#kept.keys()) {
      if (this.#kept.size <= IMAGES_KEPT) break;
      this.#kept.delete(oldest);
    }
    const size = type.mimeType === 'image/png' ? pngSize(bytes) : undefined;
    return {
      id,
      dataUrl: `data:${type.mimeType};base64,${bytes.toString('base64')}`,
      mimeType: type.mimeType,
      width: size?.width ?? null,
      height: size?.height ?? null,
      sourceUrl: url ?? null,
      revisedPrompt: fields.string('revised_prompt', 'revisedPrompt') ?? null,
    };
  }
}
