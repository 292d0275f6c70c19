/** A hint of which key is stored, safe to show in the renderer: never the secret part. */
export function maskKey(key: string): string {
  const support = /^(svc_(?:live|test)_[0-9a-f]{4})[0-9a-f]{8}\./.exec(key);
  if (support) return `${support[1]}…`;
  if (key.startsWith('sk-') && key.length >= 16) return `${key.slice(0, 5)}…`;
  // Unknown shapes: a short prefix only when the key is long enough that it gives nothing away.
  return key.length >= 24 ? `${key.slice(0, 4)}…` : '…';
}
