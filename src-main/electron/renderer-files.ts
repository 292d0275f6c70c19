import path from 'node:path';
import { appHost, contentSecurityPolicy } from './content-security-policy.ts';

const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
  '.json': 'application/json',
};

/** Headers on every file the renderer is served; the CSP is the one the window runs under. */
export const rendererHeaders = (file: string): Record<string, string> => ({
  'content-type': contentTypes[path.extname(file)] ?? 'application/octet-stream',
  'content-security-policy': contentSecurityPolicy,
  'x-content-type-options': 'nosniff',
});

/** Maps an app URL to a file inside the built renderer, refusing other hosts, path escapes and malformed escapes. */
export function rendererFileFor(rendererDir: string, url: string, host = appHost): string | null {
  const parsed = URL.parse(url);
  if (parsed?.host !== host) return null;
  let relative: string;
  try {
    relative = decodeURIComponent(parsed.pathname === '/' ? '/index.html' : parsed.pathname);
  } catch {
    return null;
  }
  const root = path.resolve(rendererDir);
  const file = path.resolve(root, `.${relative}`);
  return file.startsWith(root + path.sep) ? file : null;
}
