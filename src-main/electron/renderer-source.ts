import { appOrigin } from './content-security-policy.ts';

/** Where the window's page comes from: the built renderer over opsdesk://app, or the dev server. */
export interface RendererSource {
  /** The origin IPC accepts calls from. */
  origin: string;
  indexUrl: string;
  /** The dev server's origin, which alone gets past the session's network block; null in a build. */
  devServer: string | null;
}

const built: RendererSource = { origin: appOrigin, indexUrl: `${appOrigin}/index.html`, devServer: null };

/**
 * `electron-vite dev` names its server in ELECTRON_RENDERER_URL. Only an unpackaged app follows it,
 * and only to this machine: a packaged app, or an address elsewhere, gets the built renderer.
 */
export function rendererSource(isPackaged: boolean, env: NodeJS.ProcessEnv = process.env): RendererSource {
  const url = isPackaged || !env.ELECTRON_RENDERER_URL ? null : URL.parse(env.ELECTRON_RENDERER_URL);
  if (!url || url.protocol !== 'http:' || !['localhost', '127.0.0.1', '[::1]'].includes(url.hostname)) return built;
  return { origin: url.origin, indexUrl: url.href, devServer: url.origin };
}
