// How one back end speaks about its errors. Each back end's connector provides one; the HTTP core
// reads errors through it and knows no back end by name.
import type { ErrorCode } from '../../../src-shared/contract/define.ts';
import type { BackEnd } from '../../../src-shared/contract/profiles.ts';

/** The codes a back end or the way to it can produce (the rest of `ErrorCode` is OpsDesk's own). */
export type ServiceErrorCode = Exclude<ErrorCode, 'keychain_unavailable' | 'unsafe_link' | 'forbidden_sender' | 'unknown_call' | 'internal'>;

export interface ErrorDialect {
  /** Stamped on every error, so the window can say which back end failed; its words are errors.<service>.<code> in the catalog. */
  readonly service: BackEnd;
  /** The error code a body names, in the back end's documented place. */
  codeInBody(body: unknown): string | undefined;
  /** Per status, the codes a body may name to say more precisely why that status was given. */
  readonly refinements: Partial<Record<number, readonly ServiceErrorCode[]>>;
  /** Per status, the code meant when the body names none (a doc that gives one reason only). */
  readonly silentBody?: Partial<Record<number, ServiceErrorCode>>;
}

/** `body[key]` when it is a string. */
export function stringField(value: unknown, key: string): string | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const field = (value as Record<string, unknown>)[key];
  return typeof field === 'string' ? field : undefined;
}
