import { protocol } from 'electron';
import { readFile } from 'node:fs/promises';
import { appScheme } from './content-security-policy.ts';
import { rendererFileFor, rendererHeaders } from './renderer-files.ts';

/**
 * Must run before the app is ready: the scheme behaves like https (secure, standard origin), and
 * like https its scripts' compiled code is cached, so a window opened again does not compile the
 * renderer from scratch (Chromium caches code for http(s) only unless a scheme asks).
 */
export function registerAppScheme(): void {
  protocol.registerSchemesAsPrivileged([
    { scheme: appScheme, privileges: { standard: true, secure: true, supportFetchAPI: false, corsEnabled: false, codeCache: true } },
  ]);
}

/** Serves the built renderer over opsdesk://app/ with the CSP on every response. */
export function serveRenderer(rendererDir: string): void {
  protocol.handle(appScheme, async (request) => {
    const file = rendererFileFor(rendererDir, request.url);
    if (!file) return new Response('Not found', { status: 404 });
    try {
      return new Response(await readFile(file), { headers: rendererHeaders(file) });
    } catch {
      return new Response('Not found', { status: 404 });
    }
  });
}
