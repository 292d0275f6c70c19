/**
 * The renderer's CSP: only its own scripts and styles, no network, no plugins, no framing. In
 * development (`electron-vite dev`) the page comes from the dev server, whose origin is then
 * 'self': its inline React-refresh preamble and injected styles carry the server's nonce, and its
 * hot-reload socket goes back to that same origin. A production build has neither.
 */
export function contentSecurityPolicyFor(devServer?: { nonce: string }): string {
  const nonce = devServer ? ` 'nonce-${devServer.nonce}'` : '';
  return [
    "default-src 'self'",
    `script-src 'self'${nonce}`,
    `style-src 'self'${nonce}`,
    "img-src 'self' data: blob:",
    "font-src 'self'",
    devServer ? "connect-src 'self'" : "connect-src 'none'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
    "frame-src 'none'",
    "worker-src 'none'",
  ].join('; ');
}

export const contentSecurityPolicy = contentSecurityPolicyFor();

export const appScheme = 'opsdesk';
export const appHost = 'app';
export const appOrigin = `${appScheme}://${appHost}`;
