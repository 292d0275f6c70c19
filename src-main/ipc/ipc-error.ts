import type { IpcError } from '../../src-preload/contract/define.ts';
import { ServiceFailure } from '../core/http/service-failure.ts';
import { KeychainError } from '../core/secrets/os-keychain-store.ts';
import { UserFacingError } from '../core/user-facing-error.ts';
import { withoutUndefined } from '../core/without-undefined.ts';

function detailOf(error: unknown): (IpcError & { certificate?: IpcError['certificate'] }) | null {
  if (error instanceof UserFacingError) return error.detail;
  if (error instanceof ServiceFailure) return error.serviceError;
  if (error instanceof KeychainError) {
    return {
      code: 'keychain_unavailable',
      message: error.message,
      hint: 'Unlock the system keyring (GNOME Keyring, KWallet, macOS Keychain, Windows Credential Manager) and try again.',
      retryable: true,
    };
  }
  return null;
}

/** What the renderer learns of a failure: a user-facing or service error as is, anything else as `internal`. */
export function toIpcError(error: unknown): IpcError {
  const detail = detailOf(error);
  if (detail) {
    const { code, message, hint, status, service, requestId, retryable, certificate, fieldErrors } = detail;
    return withoutUndefined({
      code,
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
  return {
    code: 'internal',
    message: 'Something went wrong inside OpsDesk. Try again; if it keeps happening, restart OpsDesk.',
    retryable: false,
  };
}
