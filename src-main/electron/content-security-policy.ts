/** The renderer's CSP: only its own scripts and styles, no network, no plugins, no framing. */
export const contentSecurityPolicy = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data: blob:",
  "font-src 'self'",
  "connect-src 'none'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
  "frame-src 'none'",
  "worker-src 'none'",
].join('; ');

export const appScheme = 'opsdesk';
export const appHost = 'app';
export const appOrigin = `${appScheme}://${appHost}`;
