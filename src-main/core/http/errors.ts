// Every failure a back end or the network can produce, turned into a ServiceError with a message an
// analyst understands and a hint saying what to do. One table per service; the error body shapes are
// recorded in docs/api-assumptions.md.
import { Redactor } from '../log/redactor.ts';
import type { ServiceError, ServiceErrorCode, ServiceName } from './types.ts';

interface Explanation {
  message: string;
  hint: string;
}

type Explanations = Partial<Record<ServiceErrorCode, Explanation>>;

const SERVICE_LABEL: Record<ServiceName, string> = {
  gateway: 'The model gateway',
  support: 'The support API',
  firewall: 'The firewall',
};

const RETRYABLE_STATUSES = new Set([429, 500, 502, 503, 504]);

const GATEWAY: Explanations = {
  bad_request: {
    message: 'The model gateway rejected the request parameters.',
    hint: 'Check the model name and the values (temperature 0 to 2, penalties -2 to 2).',
  },
  unauthorized: {
    message: 'The model gateway did not accept the key: it is invalid or expired.',
    hint: "Copy a valid key from the gateway console's API keys page into this profile.",
  },
  model_not_permitted: {
    message: "This key is not allowed to use that model: it is outside the key's model whitelist.",
    hint: 'Pick a model from the list the gateway returns for this key, or ask for the model to be added to the whitelist.',
  },
  forbidden: {
    message: 'The model gateway refused the request: the key lacks permission.',
    hint: "Check the key's permissions in the gateway console.",
  },
  rate_limited: {
    message: "The model gateway's per-minute request limit for this key was exceeded.",
    hint: "Wait a moment, and set the profile's rate limit to the key's tier (free 60, paid 600, enterprise 6000 per minute).",
  },
  server_error: {
    message: 'The model gateway had an internal error.',
    hint: 'Try again; if it keeps failing, the gateway or the upstream model is down.',
  },
  service_unavailable: {
    message: 'The model gateway is temporarily unavailable.',
    hint: 'Try again in a moment.',
  },
};

const SUPPORT: Explanations = {
  bad_request: {
    message: 'The support API rejected the request: a parameter is missing or invalid.',
    hint: 'Check the values you entered.',
  },
  unauthorized: {
    message: 'The support API did not accept the key: it is missing, wrongly formatted or revoked.',
    hint: 'Paste the application key again (svc_live_… or svc_test_…), or issue a new one under system settings → open applications.',
  },
  forbidden_scope: {
    message: 'This key lacks the scope this action needs.',
    hint: "Use a key of an application type with that scope (ops covers crm.* and work.*), or add the scope to the application.",
  },
  wrong_site: {
    message: 'The key is not bound to the site this profile names.',
    hint: 'Set the profile to the site the key was issued for, or issue a key for this site.',
  },
  channel_disabled: {
    message: "The site's open API channel is switched off.",
    hint: "Open the API channel in the site's settings (it is off by default).",
  },
  forbidden_ip: {
    message: "The support API refused this computer's address: it is not in the key's IP allowlist.",
    hint: "Add this machine's public address to the key's allowlist, or connect from an allowed network.",
  },
  forbidden: {
    message: 'The support API refused the request.',
    hint: "Check the key's scopes, site and IP allowlist.",
  },
  not_found: {
    message: 'The object does not exist, or it belongs to another site.',
    hint: "Refresh the list, and check that the profile's site owns the object.",
  },
  conflict: {
    message: 'An object with this id already exists.',
    hint: 'Use another id, or edit the existing entry.',
  },
  rate_limited: {
    message: "The support API's per-minute limit for this key was exceeded.",
    hint: "Wait a moment, and set the profile's rate limit to the key's limit (60 per minute unless changed).",
  },
};

const FIREWALL: Explanations = {
  bad_request: {
    message: 'The firewall rejected the request parameters.',
    hint: 'Check the values you entered (addresses, durations, page sizes).',
  },
  unauthorized: {
    message: 'The firewall did not accept the key: it is missing or invalid.',
    hint: 'Paste the key again; a lost key must be regenerated in the back office (system → open interface → API key).',
  },
  key_expired: {
    message: 'The firewall key has expired.',
    hint: 'Generate a new key in the back office (system → open interface → API key) and store it in this profile.',
  },
  forbidden_role: {
    message: "The key's role does not allow this action.",
    hint: 'Use a key with the operations role to block and unblock, or administrator for policies and system settings.',
  },
  forbidden_ip: {
    message: "The firewall refused this computer's address: it is not in the key's IP allowlist.",
    hint: "Add this machine's address to the key's allowlist in the back office, or connect from an allowed network.",
  },
  edition_unsupported: {
    message: "This firewall edition does not support the operation.",
    hint: 'The free web-application-firewall edition is read-only and has no honeypots or device management; use an enterprise or data-center appliance.',
  },
  forbidden: {
    message: 'The firewall refused the request: role, source address or edition.',
    hint: "Check the key's role and IP allowlist, and the appliance's edition.",
  },
  not_found: {
    message: 'The firewall has no such object.',
    hint: 'Refresh the list; it may have been removed or may have expired.',
  },
  rate_limited: {
    message: "The key's call-rate limit on the firewall was exceeded.",
    hint: "Wait a moment, and set the profile's rate limit to the call-rate limit configured for the key.",
  },
};

const EXPLANATIONS: Record<ServiceName, Explanations> = { gateway: GATEWAY, support: SUPPORT, firewall: FIREWALL };

function genericExplanation(service: ServiceName, code: ServiceErrorCode, status: number): Explanation {
  const label = SERVICE_LABEL[service];
  switch (code) {
    case 'not_found':
      return { message: `${label} has no such object (404).`, hint: 'Refresh the view; it may have been removed.' };
    case 'conflict':
      return { message: `${label} reports a conflict with existing data (409).`, hint: 'Refresh and try again.' };
    case 'service_unavailable':
      return { message: `${label} is temporarily unavailable (503).`, hint: 'Try again in a moment.' };
    case 'server_error':
      return {
        message: `${label} had an internal error (${status}).`,
        hint: 'Try again; if it keeps failing, tell the administrator of the service.',
      };
    default:
      return {
        message: `${label} answered with an unexpected HTTP status ${status}.`,
        hint: 'Check the base URL of the profile; it may point at a different service.',
      };
  }
}

const CODE_BY_STATUS: Record<number, ServiceErrorCode> = {
  400: 'bad_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  409: 'conflict',
  429: 'rate_limited',
  503: 'service_unavailable',
};

function codeForStatus(status: number): ServiceErrorCode {
  return CODE_BY_STATUS[status] ?? (status >= 500 ? 'server_error' : 'unexpected_status');
}

function stringField(value: unknown, key: string): string | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const field = (value as Record<string, unknown>)[key];
  return typeof field === 'string' ? field : undefined;
}

/** The error code the body names, in each service's documented place. */
function codeFromBody(service: ServiceName, body: unknown): string | undefined {
  if (service === 'support') return stringField(body, 'error');
  const error = typeof body === 'object' && body !== null ? (body as Record<string, unknown>)['error'] : undefined;
  return stringField(error, 'code');
}

/** The codes a body may name to say more precisely why a status was given. */
const REFINEMENTS: Record<ServiceName, Partial<Record<number, readonly ServiceErrorCode[]>>> = {
  gateway: { 403: ['model_not_permitted'] },
  support: { 403: ['forbidden_scope', 'wrong_site', 'channel_disabled', 'forbidden_ip'] },
  firewall: { 401: ['key_expired'], 403: ['forbidden_role', 'forbidden_ip', 'edition_unsupported'] },
};

function documentedCode(service: ServiceName, status: number, bodyCode: string | undefined): ServiceErrorCode {
  // Decide by status first (as the firewall doc asks); the body only refines within that status.
  const refinement = REFINEMENTS[service][status]?.find((code) => code === bodyCode);
  if (refinement) return refinement;
  // The gateway doc's only permission error is the model whitelist.
  if (service === 'gateway' && status === 403 && bodyCode === undefined) return 'model_not_permitted';
  return codeForStatus(status);
}

export function requestIdFrom(body: unknown, headers: Record<string, string | string[] | undefined>): string | undefined {
  const fromBody = stringField(body, 'request_id');
  if (fromBody) return fromBody;
  const header = headers['x-request-id'];
  return Array.isArray(header) ? header[0] : header;
}

function serverDetail(body: unknown): string | undefined {
  const nested = typeof body === 'object' && body !== null ? (body as Record<string, unknown>)['error'] : undefined;
  const detail = stringField(nested, 'message') ?? stringField(body, 'message');
  // The server's words reach the user; a key it echoed back must not.
  return detail === undefined ? undefined : new Redactor().redact(detail.slice(0, 200));
}

/** A non-2xx answer, judged by its status; its body (JSON, empty or unreadable) only adds detail. */
export function describeHttpError(
  service: ServiceName,
  status: number,
  body: unknown,
  requestId: string | undefined,
  retryAfterMs?: number,
  htmlPage = false,
): ServiceError {
  const code = documentedCode(service, status, codeFromBody(service, body));
  const explanation = EXPLANATIONS[service][code] ?? genericExplanation(service, code, status);
  let message = explanation.message;
  // For a parameter error the server's own words say which parameter; nothing else is echoed.
  const detail = code === 'bad_request' ? serverDetail(body) : undefined;
  if (detail) message = `${message} (${detail})`;
  if (retryAfterMs !== undefined && code === 'rate_limited') {
    message = `${message} The service asks to wait ${Math.ceil(retryAfterMs / 1000)} s.`;
  }
  if (htmlPage) message = `${message} It answered HTTP ${status} with an HTML page instead of JSON.`;
  return {
    service,
    status,
    code,
    message,
    hint: htmlPage ? `${explanation.hint} An HTML page usually comes from a proxy or load balancer in front of the service: check the address and the proxy.` : explanation.hint,
    ...(requestId ? { requestId } : {}),
    retryable: RETRYABLE_STATUSES.has(status),
  };
}

export function describeMalformedResponse(
  service: ServiceName,
  status: number,
  shape: 'html' | 'not_json' | 'unexpected_shape',
  requestId: string | undefined,
): ServiceError {
  const what = {
    html: 'an HTML page instead of JSON',
    not_json: 'a body that is not valid JSON',
    unexpected_shape: 'JSON of an unexpected shape',
  }[shape];
  return {
    service,
    status,
    code: 'malformed_response',
    message: `${SERVICE_LABEL[service]} answered HTTP ${status} with ${what}.`,
    hint:
      shape === 'html'
        ? 'A proxy, captive portal or web server may be answering instead of the API; check the base URL and proxy settings.'
        : 'Check that the base URL points at the right service and version; if it does, report this to its administrator.',
    ...(requestId ? { requestId } : {}),
    retryable: status >= 500 || status === 429,
  };
}

export function describeResponseTooLarge(service: ServiceName, status: number, limitBytes: number): ServiceError {
  return {
    service,
    status,
    code: 'response_too_large',
    message: `${SERVICE_LABEL[service]} sent a response larger than the ${limitBytes}-byte limit of this profile; reading stopped.`,
    hint: 'Ask for less: a smaller page size or a narrower filter.',
    retryable: false,
  };
}

export type TimeoutPhase = 'connect' | 'headers' | 'body' | 'stream-idle';

const TIMEOUT_WORDING: Record<TimeoutPhase, string> = {
  connect: 'connecting (TCP and TLS handshake)',
  headers: 'waiting for the response headers',
  body: 'reading the response body',
  'stream-idle': 'waiting for more data in the response',
};

export function describeTimeout(service: ServiceName, phase: TimeoutPhase, ms: number): ServiceError {
  return {
    service,
    code: 'timeout',
    message: `${SERVICE_LABEL[service]} timed out after ${ms} ms while ${TIMEOUT_WORDING[phase]}.`,
    hint:
      phase === 'connect'
        ? 'Check the address, the network and any proxy or VPN; raise the connect timeout if the link is slow.'
        : 'The service is slow or stuck; try again, or raise this timeout in the profile.',
    retryable: true,
  };
}

export function describeMissingKey(service: ServiceName): ServiceError {
  return {
    service,
    code: 'missing_key',
    message: `No API key is stored for this ${service} profile.`,
    hint: 'Enter the key in the profile settings.',
    retryable: false,
  };
}

export function describeInvalidSettings(service: ServiceName, problem: string): ServiceError {
  return {
    service,
    code: 'invalid_settings',
    message: `The ${service} profile cannot be used: ${problem}.`,
    hint: 'Correct the profile settings.',
    retryable: false,
  };
}

export function describeCancelled(service: ServiceName): ServiceError {
  return { service, code: 'cancelled', message: 'The request was cancelled.', hint: 'Nothing to do.', retryable: false };
}

// ---- network and TLS ----

/** Our own code for a leaf whose fingerprint is not the pinned one (Node has none for this). */
export const PIN_MISMATCH_CODE = 'ERR_OPSDESK_PIN_MISMATCH';

const UNTRUSTED_CODES = new Set([
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'CERT_UNTRUSTED',
  'CERT_SIGNATURE_FAILURE',
  'INVALID_CA',
]);

const NETWORK_CODES: Record<string, ServiceErrorCode> = {
  ENOTFOUND: 'dns_failed',
  EAI_AGAIN: 'dns_failed',
  ECONNREFUSED: 'connection_refused',
  ECONNRESET: 'connection_reset',
  EPIPE: 'connection_reset',
  UND_ERR_SOCKET: 'connection_reset',
  UND_ERR_RES_CONTENT_LENGTH_MISMATCH: 'connection_reset',
  ENETUNREACH: 'network_unreachable',
  EHOSTUNREACH: 'network_unreachable',
  ENETDOWN: 'network_unreachable',
  EHOSTDOWN: 'network_unreachable',
  ETIMEDOUT: 'network_unreachable',
  UND_ERR_PRX_TLS: 'proxy_failed',
  CERT_HAS_EXPIRED: 'certificate_expired',
  CERT_NOT_YET_VALID: 'certificate_expired',
  ERR_TLS_CERT_ALTNAME_INVALID: 'hostname_mismatch',
  [PIN_MISMATCH_CODE]: 'certificate_changed',
};

export const TIMEOUT_PHASE_BY_UNDICI_CODE: Record<string, TimeoutPhase> = {
  UND_ERR_CONNECT_TIMEOUT: 'connect',
  UND_ERR_HEADERS_TIMEOUT: 'headers',
  UND_ERR_BODY_TIMEOUT: 'stream-idle',
};

export const CERTIFICATE_CODES: ReadonlySet<ServiceErrorCode> = new Set([
  'untrusted_certificate',
  'hostname_mismatch',
  'certificate_expired',
  'certificate_changed',
]);

/** The system error code behind an undici or fetch failure (fetch wraps it in `cause`, happy eyeballs in `errors`). */
export function underlyingErrorCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth++) {
    const { code, cause, errors } = current as { code?: unknown; cause?: unknown; errors?: unknown };
    if (typeof code === 'string' && code !== 'UND_ERR' && code !== 'ERR_ASSERTION') return code;
    current = cause ?? (Array.isArray(errors) ? errors[0] : undefined);
  }
  return undefined;
}

export function networkErrorCode(systemCode: string | undefined, pinned: boolean): ServiceErrorCode {
  if (systemCode === undefined) return 'network_error';
  if (UNTRUSTED_CODES.has(systemCode)) {
    // Under a pin, any certificate that does not chain to the approved one is a changed certificate.
    return pinned ? 'certificate_changed' : 'untrusted_certificate';
  }
  if (systemCode.startsWith('ERR_SSL_') || systemCode === 'EPROTO' || systemCode.startsWith('ERR_TLS_')) {
    return NETWORK_CODES[systemCode] ?? 'tls_failed';
  }
  if (systemCode.startsWith('UND_ERR_PRX') || systemCode === 'UND_ERR_PROXY') return 'proxy_failed';
  return NETWORK_CODES[systemCode] ?? 'network_error';
}

interface NetworkExplanation {
  message: (host: string) => string;
  hint: string;
  retryable: boolean;
}

const NETWORK_EXPLANATIONS: Partial<Record<ServiceErrorCode, NetworkExplanation>> = {
  dns_failed: {
    message: (host) => `The host name ${host} could not be resolved.`,
    hint: 'Check the base URL for typos, and your DNS or VPN connection.',
    retryable: false,
  },
  connection_refused: {
    message: (host) => `${host} refused the connection: nothing is listening on that port.`,
    hint: 'Check the port in the base URL and that the service is running.',
    retryable: true,
  },
  connection_reset: {
    message: (host) => `The connection to ${host} was closed before the answer was complete.`,
    hint: 'Try again; a proxy, firewall or an overloaded server may be dropping connections.',
    retryable: true,
  },
  network_unreachable: {
    message: (host) => `${host} cannot be reached from this computer.`,
    hint: 'Check the network connection, VPN and routes to the host.',
    retryable: true,
  },
  proxy_failed: {
    message: (host) => `The proxy did not open a connection to ${host}.`,
    hint: 'Check the proxy address and credentials in the profile or the system settings.',
    retryable: true,
  },
  tls_failed: {
    message: (host) => `The secure connection to ${host} could not be set up.`,
    hint: 'The server may require a TLS version or cipher this computer does not offer; check the base URL scheme and port.',
    retryable: false,
  },
  untrusted_certificate: {
    message: (host) =>
      `${host} presented a certificate that this profile does not trust (self-signed or from an unknown authority).`,
    hint: "Check the fingerprint with the service's administrator; if it matches, trust the certificate or import the CA for this profile.",
    retryable: false,
  },
  hostname_mismatch: {
    message: (host) => `The certificate ${host} presented was issued for a different host name.`,
    hint: 'Use the host name the certificate names in the base URL, or have the administrator reissue the certificate.',
    retryable: false,
  },
  certificate_expired: {
    message: (host) => `The certificate ${host} presented is expired or not valid yet.`,
    hint: "Ask the administrator to renew the certificate; also check this computer's clock.",
    retryable: false,
  },
  certificate_changed: {
    message: (host) => `${host} presented a different certificate from the one pinned for this profile.`,
    hint: 'Do not continue until the administrator confirms the new fingerprint. If it was renewed on purpose, edit the connection, set its trust to system certificates and test it: OpsDesk then shows the new certificate to trust.',
    retryable: false,
  },
};

export function describeNetworkError(service: ServiceName, code: ServiceErrorCode, host: string): ServiceError {
  const known = NETWORK_EXPLANATIONS[code];
  if (known) return { service, code, message: known.message(host), hint: known.hint, retryable: known.retryable };
  return {
    service,
    code: 'network_error',
    message: `${SERVICE_LABEL[service]} could not be reached (${host}).`,
    hint: 'Check the network connection and the base URL.',
    retryable: true,
  };
}
