import type { Platform } from './platform.ts';
import { UserFacingError } from './user-facing-error.ts';

/** An http(s) link without credentials in it: the only kind OpsDesk hands to the system browser. */
export function isSafeExternalUrl(raw: string): boolean {
  try {
    const url = new URL(raw);
    return (url.protocol === 'https:' || url.protocol === 'http:') && !url.username && !url.password;
  } catch {
    return false;
  }
}

/** Opens a link the window asked for in the system browser, if it is a safe one. */
export async function openExternalLink(platform: Platform, raw: string): Promise<null> {
  if (!isSafeExternalUrl(raw)) {
    throw new UserFacingError({ code: 'unsafe_link' });
  }
  await platform.openExternal(new URL(raw).href);
  return null;
}
