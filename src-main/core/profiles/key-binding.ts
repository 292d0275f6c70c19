import { createHash } from 'node:crypto';
import { normalizeFingerprint } from '../http/trust.ts';
import type { KeyBinding } from '../secrets/stored-key.ts';
import type { ProfileRecord } from './profile-record.ts';

const digest = (text: string) => createHash('sha256').update(text.trim()).digest('hex');

/**
 * The server and the way there that a profile's key is sent to. A pin's adopted anchor is left
 * out: it is only taken from a server whose leaf already matches the pin.
 */
export function keyBindingOf(record: Pick<ProfileRecord, 'baseUrl' | 'proxy' | 'trust'>): KeyBinding {
  const { trust, proxy } = record;
  return {
    origin: new URL(record.baseUrl).origin,
    proxy: proxy.mode === 'explicit' ? `explicit ${proxy.url ?? ''}` : proxy.mode,
    trust:
      trust.mode === 'system'
        ? 'system'
        : trust.mode === 'pinned'
          ? `pinned ${normalizeFingerprint(trust.pinnedSha256 ?? '')}`
          : `${trust.mode} ${digest(trust.caPem ?? '')}`,
  };
}

/** Which part of two different bindings differs first: the address, then the proxy, then the trust. */
export function changedPart(enteredFor: KeyBinding, now: KeyBinding): keyof KeyBinding {
  if (enteredFor.origin !== now.origin) return 'origin';
  return enteredFor.proxy !== now.proxy ? 'proxy' : 'trust';
}
