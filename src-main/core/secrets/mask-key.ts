import { supportKeyPattern } from '../../../src-shared/contract/profiles.ts';

/** A hint of which key is stored, safe to show in the renderer: never the secret part. */
export function maskKey(key: string): string {
  const support = supportKeyPattern.exec(key);
  if (support) return `svc_${support[1]}_${support[2]!.slice(0, 4)}…`;
  if (key.startsWith('sk-') && key.length >= 16) return `${key.slice(0, 5)}…`;
  // Unknown shapes: a short prefix only when the key is long enough that it gives nothing away.
  return key.length >= 24 ? `${key.slice(0, 4)}…` : '…';
}
