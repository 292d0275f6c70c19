/**
 * Where a key may be sent: the server it was entered for and the way there. It is stored in the
 * same keychain entry as the key, so neither a hand-edited database row nor another user-data
 * folder holding the same profile id can send the key somewhere else.
 */
export interface KeyBinding {
  /** The origin of the address the key was entered with, e.g. `https://gw.example:8443`. */
  origin: string;
  /** `none`, `system` or the explicit proxy's address. */
  proxy: string;
  /** Which certificates the key's server may present: the trust mode and its CA or pin, digested. */
  trust: string;
}

export interface StoredKey {
  key: string;
  /** null for an entry written before keys were bound (a bare key). */
  boundTo: KeyBinding | null;
}

const FORMAT = 'opsdesk-bound-key/1';

export function encodeStoredKey(key: string, boundTo: KeyBinding): string {
  return JSON.stringify({ format: FORMAT, key, boundTo });
}

export function decodeStoredKey(stored: string): StoredKey {
  try {
    const parsed = JSON.parse(stored) as { format?: unknown; key?: unknown; boundTo?: Partial<KeyBinding> | null };
    const boundTo = parsed.boundTo;
    if (
      parsed.format === FORMAT &&
      typeof parsed.key === 'string' &&
      typeof boundTo?.origin === 'string' &&
      typeof boundTo.proxy === 'string' &&
      typeof boundTo.trust === 'string'
    ) {
      return { key: parsed.key, boundTo: { origin: boundTo.origin, proxy: boundTo.proxy, trust: boundTo.trust } };
    }
  } catch {
    // Not ours: a bare key, as entries were stored before they carried their binding.
  }
  return { key: stored, boundTo: null };
}

export function sameBinding(a: KeyBinding, b: KeyBinding): boolean {
  return a.origin === b.origin && a.proxy === b.proxy && a.trust === b.trust;
}
