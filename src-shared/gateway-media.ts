// What the images and transcription panels accept, checked by the window's forms and again by
// main's request schemas and services: gateway.md says only "<width>x<height>" and "audio file".
export const imageSizeLimits = { min: 64, max: 4096 } as const;
export const imageCountLimits = { min: 1, max: 4 } as const;

/** Why a typed size is refused (a `fieldErrors.<code>` key), or null when it is a size to send. */
export function imageSizeProblem(size: string): 'image_size_format' | 'image_size_range' | null {
  const match = /^(\d{1,5})x(\d{1,5})$/.exec(size);
  if (!match) return 'image_size_format';
  const inRange = (value: number) => value >= imageSizeLimits.min && value <= imageSizeLimits.max;
  return inRange(Number(match[1])) && inRange(Number(match[2])) ? null : 'image_size_range';
}

/** The upload limit of OpenAI's transcription endpoint, which compatible gateways copy. */
export const audioFileMaxBytes = 25 * 1024 * 1024;

/** The audio formats OpenAI's transcription endpoint accepts, by file extension. */
export const audioExtensions = ['flac', 'm4a', 'mp3', 'mp4', 'mpeg', 'mpga', 'oga', 'ogg', 'wav', 'webm'] as const;
