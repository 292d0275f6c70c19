/**
 * Loaded into the `electron` package's installer (`node --import`, by ensure-electron.ts).
 * @electron/get downloads with the global `fetch` and prints only its error's stack, and undici's
 * "fetch failed" keeps the reason (a name that does not resolve, a refused connection, an untrusted
 * certificate) in `cause`, which the stack leaves out. This prints that cause as one marked line on
 * stderr, for ensure-electron to word with the advice that fits; the installer runs unchanged.
 */
import { DOWNLOAD_CAUSE_MARK, type DownloadCause } from './ensure-electron.ts';

function codeOf(cause: unknown): string | null {
  if (typeof cause !== 'object' || cause === null) return null;
  const { code, errors } = cause as { code?: unknown; errors?: unknown };
  if (typeof code === 'string') return code;
  // A host with several addresses fails each in turn: Node reports an AggregateError of them.
  return Array.isArray(errors) ? (errors.map(codeOf).find((found) => found !== null) ?? null) : null;
}

function hostOf(input: unknown): string {
  const url = input instanceof Request ? input.url : input instanceof URL ? input.href : String(input);
  return URL.parse(url)?.host ?? url;
}

const originalFetch = globalThis.fetch;
globalThis.fetch = async (input, init) => {
  try {
    return await originalFetch(input, init);
  } catch (error) {
    const cause = (error as { cause?: unknown }).cause;
    if (cause !== undefined) {
      const described: DownloadCause = { host: hostOf(input), code: codeOf(cause), message: cause instanceof Error ? cause.message : String(cause) };
      process.stderr.write(`${DOWNLOAD_CAUSE_MARK}${JSON.stringify(described)}\n`);
    }
    throw error;
  }
};
