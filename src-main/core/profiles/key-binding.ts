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

/** What changed between where a key was entered for and where the profile now points, in words. */
export function bindingChange(enteredFor: KeyBinding, now: KeyBinding): string {
  if (enteredFor.origin !== now.origin) return `the address now points at ${now.origin}, not ${enteredFor.origin}`;
  if (enteredFor.proxy !== now.proxy) return 'the proxy changed';
  return 'the trusted certificates changed';
}
