// The pure mapping functions, as tables: fast, and each row a rule a user would notice.
import { describe, expect, it } from 'vitest';
import { firewallDialect } from '../../../src-main/core/firewall/error-dialect.ts';
import { gatewayDialect } from '../../../src-main/core/gateway/error-dialect.ts';
import { PIN_MISMATCH_CODE, networkErrorCode } from '../../../src-main/core/http/network-errors.ts';
import { outcomeOfFailure } from '../../../src-main/core/http/reachability.ts';
import { codeForStatus, describeHttpError, documentedCode } from '../../../src-main/core/http/status-errors.ts';
import type { ServiceError } from '../../../src-main/core/http/types.ts';
import { supportDialect } from '../../../src-main/core/support/error-dialect.ts';

describe('status → code', () => {
  it.each([
    [400, 'bad_request'],
    [401, 'unauthorized'],
    [403, 'forbidden'],
    [404, 'not_found'],
    [409, 'conflict'],
    [418, 'unexpected_status'],
    [429, 'rate_limited'],
    [500, 'server_error'],
    [502, 'server_error'],
    [503, 'service_unavailable'],
    [504, 'server_error'],
  ] as const)('%i is %s', (status, code) => {
    expect(codeForStatus(status)).toBe(code);
  });

  it.each([
    [429, true],
    [500, true],
    [502, true],
    [503, true],
    [504, true],
    [400, false],
    [401, false],
    [404, false],
    [501, false],
  ] as const)('%i is retryable: %s', (status, retryable) => {
    expect(describeHttpError(firewallDialect, status, null, undefined).retryable).toBe(retryable);
  });
});

describe('network error code → code', () => {
  it.each([
    ['ENOTFOUND', false, 'dns_failed'],
    ['EAI_AGAIN', false, 'dns_failed'],
    ['ECONNREFUSED', false, 'connection_refused'],
    ['ECONNRESET', false, 'connection_reset'],
    ['UND_ERR_SOCKET', false, 'connection_reset'],
    ['EHOSTUNREACH', false, 'network_unreachable'],
    ['UND_ERR_PRX_TLS', false, 'proxy_failed'],
    ['UND_ERR_PROXY', false, 'proxy_failed'],
    ['DEPTH_ZERO_SELF_SIGNED_CERT', false, 'untrusted_certificate'],
    ['DEPTH_ZERO_SELF_SIGNED_CERT', true, 'certificate_changed'],
    ['SELF_SIGNED_CERT_IN_CHAIN', false, 'untrusted_certificate'],
    ['UNABLE_TO_VERIFY_LEAF_SIGNATURE', false, 'certificate_chain_incomplete'],
    ['UNABLE_TO_GET_ISSUER_CERT_LOCALLY', false, 'certificate_chain_incomplete'],
    ['UNABLE_TO_GET_ISSUER_CERT_LOCALLY', true, 'certificate_changed'],
    ['UNSPECIFIED', false, 'certificate_invalid'],
    ['INVALID_CA', false, 'certificate_invalid'],
    ['CERT_HAS_EXPIRED', false, 'certificate_expired'],
    ['CERT_NOT_YET_VALID', false, 'certificate_not_yet_valid'],
    ['UND_ERR_HEADERS_OVERFLOW', false, 'response_headers_too_large'],
    ['ERR_TLS_CERT_ALTNAME_INVALID', false, 'hostname_mismatch'],
    [PIN_MISMATCH_CODE, true, 'certificate_changed'],
    ['ERR_SSL_WRONG_VERSION_NUMBER', false, 'tls_failed'],
    ['EPROTO', false, 'tls_failed'],
    ['ESOMETHINGNEW', false, 'network_error'],
    [undefined, false, 'network_error'],
  ] as const)('%s (pinned: %s) is %s', (systemCode, pinned, code) => {
    expect(networkErrorCode(systemCode, pinned)).toBe(code);
  });
});

describe("a body's code refines only within its status, per back end", () => {
  it.each([
    ['gateway', gatewayDialect, 403, { error: { code: 'model_not_permitted' } }, 'model_not_permitted'],
    ['gateway', gatewayDialect, 403, {}, 'model_not_permitted'],
    ['gateway', gatewayDialect, 403, { error: { code: 'something_else' } }, 'forbidden'],
    ['gateway', gatewayDialect, 401, { error: { code: 'model_not_permitted' } }, 'unauthorized'],
    ['support', supportDialect, 403, { error: 'wrong_site' }, 'wrong_site'],
    ['support', supportDialect, 403, { error: 'channel_disabled' }, 'channel_disabled'],
    ['gateway', gatewayDialect, 403, { error: { code: 'model_not_allowed' } }, 'model_not_permitted'],
    ['gateway', gatewayDialect, 403, { code: 'model_forbidden', message: 'no' }, 'model_not_permitted'],
    ['support', supportDialect, 403, { error: { code: 'wrong_site' } }, 'wrong_site'],
    ['support', supportDialect, 403, { code: 'forbidden_scope', success: false }, 'forbidden_scope'],
    ['support', supportDialect, 403, { code: 40301, success: false }, 'forbidden'],
    ['support', supportDialect, 404, { error: 'wrong_site' }, 'not_found'],
    ['support', supportDialect, 403, {}, 'forbidden'],
    ['firewall', firewallDialect, 401, { error: { code: 'key_expired' } }, 'key_expired'],
    ['firewall', firewallDialect, 403, { error: { code: 'forbidden_role' } }, 'forbidden_role'],
    ['firewall', firewallDialect, 403, { error: { code: 'edition_unsupported' } }, 'edition_unsupported'],
    ['firewall', firewallDialect, 403, { error: 'forbidden_role' }, 'forbidden_role'],
    ['firewall', firewallDialect, 403, { code: 'forbidden_ip', message: 'no' }, 'forbidden_ip'],
    ['firewall', firewallDialect, 400, { error: { code: 'key_expired' } }, 'bad_request'],
    ['firewall', firewallDialect, 500, { error: { code: 'key_expired' } }, 'server_error'],
  ] as const)('%s %i %j is %s', (_name, dialect, status, body, code) => {
    expect(documentedCode(dialect, status, dialect.codeInBody(body))).toBe(code);
  });

  it.each([
    [gatewayDialect, 'The model gateway'],
    [supportDialect, 'The support API'],
    [firewallDialect, 'The firewall'],
  ] as const)('an undocumented status names the back end (%#)', (dialect, label) => {
    expect(describeHttpError(dialect, 418, null, undefined)).toMatchObject({ service: dialect.service, code: 'unexpected_status' });
    expect(describeHttpError(dialect, 418, null, undefined).message).toContain(label);
  });
});

describe('whether a failure says the back end answered', () => {
  const failure = (code: ServiceError['code'], status?: number): ServiceError => ({
    service: 'firewall',
    code,
    message: 'm',
    hint: 'h',
    retryable: false,
    ...(status === undefined ? {} : { status }),
  });
  it.each([
    ['unauthorized', 401, 'reached'],
    ['not_found', 404, 'reached'],
    ['malformed_response', 200, 'reached'],
    ['server_error', 500, 'not reached'],
    ['service_unavailable', 503, 'not reached'],
    ['connection_refused', undefined, 'not reached'],
    ['timeout', undefined, 'not reached'],
    ['untrusted_certificate', undefined, 'not reached'],
    ['missing_key', undefined, 'says nothing'],
    ['cancelled', undefined, 'says nothing'],
    ['invalid_settings', undefined, 'says nothing'],
  ] as const)('%s (%s): %s', (code, status, expected) => {
    const outcome = outcomeOfFailure(failure(code, status), 'GET');
    expect(outcome === undefined ? 'says nothing' : outcome.kind === 'answered' ? 'reached' : 'not reached').toBe(expected);
  });

  it('a write answered with a 5xx was refused by a back end that is there; a write that got no answer did not reach it', () => {
    expect(outcomeOfFailure(failure('service_unavailable', 503), 'POST')?.kind).toBe('refused-change');
    expect(outcomeOfFailure(failure('service_unavailable', 503), 'GET')?.kind).toBe('not-reached');
    expect(outcomeOfFailure(failure('connection_refused'), 'POST')?.kind).toBe('not-reached');
  });
});
