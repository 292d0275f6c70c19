import type { IpcError } from '../../src-shared/contract/define.ts';
import { ipcErrorInEnglish } from '../core/english-text.ts';
import { ServiceFailure } from '../core/http/service-failure.ts';
import { KeychainError } from '../core/secrets/os-keychain-store.ts';
import { UserFacingError } from '../core/user-facing-error.ts';
import { withoutUndefined } from '../core/without-undefined.ts';

function detailOf(error: unknown): (IpcError & { certificate?: IpcError['certificate'] }) | null {
  if (error instanceof UserFacingError) return error.detail;
  if (error instanceof ServiceFailure) return error.serviceError;
  if (error instanceof KeychainError) {
    return ipcErrorInEnglish({ code: 'keychain_unavailable', params: { reason: error.reason }, retryable: true });
  }
  return null;
}

/** What the renderer learns of a failure: a user-facing or service error as is, anything else as `internal`. */
export function toIpcError(error: unknown): IpcError {
  const detail = detailOf(error);
  if (detail) {
    const { code, params, message, hint, status, service, requestId, retryable, certificate, fieldErrors } = detail;
    return withoutUndefined({
      code,
      params,
      message,
      hint,
      status,
      service,
      requestId,
      retryable: !!retryable,
      fieldErrors,
      // Only what the trust prompt shows; the PEM chain stays in main.
      certificate: certificate && {
        subject: certificate.subject,
        issuer: certificate.issuer,
        validFrom: certificate.validFrom,
        validTo: certificate.validTo,
        subjectAltNames: certificate.subjectAltNames,
        sha256: certificate.sha256,
      },
    });
  }
  return ipcErrorInEnglish({ code: 'internal' });
}
