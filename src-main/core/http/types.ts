// Public shapes of the HTTP core: plain data; the names the renderer also sees come from the contract.
import type { CertificateDetails } from '../../../src-preload/contract/define.ts';
import type { ServiceName } from '../../../src-preload/contract/profiles.ts';

export type { ServiceName };

export interface TrustSettings {
  /**
   * system: the roots bundled with Node. system-plus-ca: those plus `caPem`. ca-only: only `caPem`.
   * pinned: `anchorPem` (the certificate the user approved) is the only trust anchor, and the
   * server's leaf must also have the SHA-256 fingerprint `pinnedSha256`.
   */
  mode: 'system' | 'system-plus-ca' | 'ca-only' | 'pinned';
  caPem?: string;
  /** Node's `fingerprint256` format (`AB:CD:...`); case and colons are ignored when comparing. */
  pinnedSha256?: string;
  anchorPem?: string;
}

export interface ConnectionSettings {
  service: ServiceName;
  baseUrl: string;
  trust: TrustSettings;
  timeouts: {
    /** TCP + TLS handshake. */
    connectMs: number;
    /** From sending the request to the end of the response headers. */
    headersMs: number;
    /** Reading a whole (non-streaming) response body. */
    bodyMs: number;
    /** Longest silence between two chunks of a body, streamed or not. */
    streamIdleMs: number;
  };
  proxy: { mode: 'none' | 'system' | 'explicit'; url?: string };
  /** What the server allows this key; OpsDesk stays under it. */
  rateLimit: { requests: number; windowMs: number };
  maxResponseBytes: number;
}

/** What the trust prompt shows, plus the presented chain (leaf first), which stays in main. */
export interface CertificateInfo extends CertificateDetails {
  chainPem: string[];
}

export type ServiceErrorCode =
  // what the back end said
  | 'bad_request'
  | 'unauthorized'
  | 'key_expired'
  | 'forbidden'
  | 'forbidden_scope'
  | 'forbidden_role'
  | 'forbidden_ip'
  | 'wrong_site'
  | 'channel_disabled'
  | 'edition_unsupported'
  | 'model_not_permitted'
  | 'not_found'
  | 'conflict'
  | 'rate_limited'
  | 'server_error'
  | 'service_unavailable'
  | 'unexpected_status'
  // what came back could not be used
  | 'malformed_response'
  | 'response_too_large'
  // the way there
  | 'dns_failed'
  | 'connection_refused'
  | 'connection_reset'
  | 'network_unreachable'
  | 'timeout'
  | 'proxy_failed'
  | 'tls_failed'
  | 'untrusted_certificate'
  | 'hostname_mismatch'
  | 'certificate_expired'
  | 'certificate_changed'
  | 'network_error'
  // OpsDesk itself
  | 'missing_key'
  | 'invalid_settings'
  | 'cancelled';

export interface ServiceError {
  service: ServiceName;
  status?: number;
  code: ServiceErrorCode;
  /** What happened, in words an analyst understands. Never contains a response body or a key. */
  message: string;
  /** What to do about it. */
  hint: string;
  requestId?: string;
  /** Trying again later may succeed without changing anything. */
  retryable: boolean;
  /** The certificate the server presented, when a TLS check refused it. */
  certificate?: CertificateInfo;
}

/** Reads the profile's key when a request needs it; null when none is stored. */
export type ApiKeyProvider = () => Promise<string | null>;
