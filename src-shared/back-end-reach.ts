// Whether a failed call says its back end answered. Main's connection state of a profile is made of
// it; the window uses the same rule to tell a failure the connection state explains (the back end
// was not reached) from one it words itself (a refusal, an unusable answer).

/** Failures OpsDesk decided on its own side, before or without talking to the back end: they say nothing about it. */
const DECIDED_HERE: ReadonlySet<string> = new Set([
  'missing_key',
  'key_bound_elsewhere',
  'invalid_settings',
  'cancelled',
  'keychain_unavailable',
  'unsafe_link',
  'forbidden_sender',
  'unknown_call',
  'internal',
]);

/**
 * True when the back end answered (a 4xx, or an unusable body under a status below 500); false
 * when it was not reached (a 5xx, the network, TLS, a timeout); undefined when the failure says
 * nothing about it.
 */
export function backEndAnswered(error: { code: string; status?: number | undefined }): boolean | undefined {
  if (DECIDED_HERE.has(error.code)) return undefined;
  return error.status !== undefined && error.status < 500;
}

/** A call that asks the back end to change something, as against one that only reads. */
export function isWrite(method: string): boolean {
  return !['GET', 'HEAD', 'OPTIONS'].includes(method.toUpperCase());
}
