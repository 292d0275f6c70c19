// Public shapes of the HTTP core; the names the renderer also sees come from the contract.
import type { CertificateDetails, ErrorParams } from '../../../src-shared/contract/define.ts';
import type { BackEnd } from '../../../src-shared/contract/profiles.ts';
import type { ErrorDialect, ServiceErrorCode } from './error-dialect.ts';

export type { BackEnd, ServiceErrorCode };

export interface TrustSettings {
  /**
   * system: Node's bundled roots plus the operating system's store. system-plus-ca: those plus `caPem`. ca-only: only `caPem`.
   * pinned: `anchorPem` (the certificate the user approved) is the only trust anchor, and the
   * server's leaf must also have the SHA-256 fingerprint `pinnedSha256`.
   */
  mode: 'system' | 'system-plus-ca' | 'ca-only' | 'pinned';
  caPem?: string;
  /** Node's `fingerprint256` format (`AB:CD:...`); case and colons are ignored when comparing. */
  pinnedSha256?: string;
  anchorPem?: string;
  /**
   * Pinned: the server's certificate the user approved, kept only to be shown beside another one
   * the server presents later (the anchor may be its authority instead). Not a trust anchor.
   */
  leafPem?: string;
}

export interface ConnectionSettings {
  /** How the back end words its errors; also names it in every error. */
  dialect: ErrorDialect;
  /** The API's root, as the back end's connector shaped it. */
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
    /** Longest a streamed answer may take from asking to its last word; unset: the default of what it is for. */
    answerMs?: number | undefined;
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

export interface ServiceError {
  service: BackEnd;
  status?: number;
  code: ServiceErrorCode;
  /** What the words are made from besides the code (host, ms, limitBytes, the server's detail…). */
  params?: ErrorParams;
  /** What happened, in English from the catalog (the window words it in the user's language). Never a response body or a key. */
  message: string;
  /** What to do about it, likewise. */
  hint: string;
  requestId?: string;
  /** Trying again later may succeed without changing anything. */
  retryable: boolean;
  /** The certificate the server presented, when a TLS check refused it. */
  certificate?: CertificateInfo;
}

/** Reads the profile's key when a request needs it; null when none is stored. */
export type ApiKeyProvider = () => Promise<string | null>;
