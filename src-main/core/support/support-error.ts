// A failure as a view shows it beside cached data: the service's error whole, its request id and
// params included (an analyst quotes the request id to the vendor), anything unexpected as `internal`.
import type { IpcError } from '../../../src-shared/contract/define.ts';
import { ServiceFailure, serviceError } from '../http/service-failure.ts';
import { syncErrorOf } from '../sync/sync-scheduler.ts';
import { UserFacingError } from '../user-facing-error.ts';
import { withoutUndefined } from '../without-undefined.ts';

export function errorOf(error: unknown): IpcError {
  const detail = error instanceof ServiceFailure ? error.serviceError : error instanceof UserFacingError ? error.detail : undefined;
  if (!detail) return syncErrorOf(error);
  const { code, params, message, hint, status, service, requestId, retryable } = detail;
  return withoutUndefined({ code, params, message, hint, status, service, requestId, retryable: !!retryable });
}

/** A refusal OpsDesk itself reads from /meta (the site's channel is off, /meta answered for another site). */
export function refusal(code: 'channel_disabled' | 'wrong_site', params: Record<string, string>): ServiceFailure {
  return new ServiceFailure(serviceError({ service: 'support', status: 403, code, params, retryable: false }));
}
