// Shared by the core's integration tests: profile settings for a simulator and a log that tests read.
import { expect } from 'vitest';
import type { HttpClientOptions } from '../../../src-main/core/http/client.ts';
import { firewallDialect } from '../../../src-main/core/firewall/error-dialect.ts';
import { gatewayDialect } from '../../../src-main/core/gateway/error-dialect.ts';
import type { ConnectionSettings, BackEnd, TrustSettings } from '../../../src-main/core/http/types.ts';
import { supportDialect } from '../../../src-main/core/support/error-dialect.ts';
import { createLogger, type Logger } from '../../../src-main/core/log/logger.ts';
import { withPresentedCertificate } from '../../../src-main/core/http/certificate-probe.ts';
import { ServiceFailure } from '../../../src-main/core/http/service-failure.ts';
import type { ServiceError } from '../../../src-main/core/http/types.ts';

export function settingsFor(
  service: BackEnd,
  baseUrl: string,
  trust: TrustSettings,
  overrides: Partial<Omit<ConnectionSettings, 'dialect' | 'baseUrl' | 'trust'>> = {},
): ConnectionSettings {
  return {
    dialect: { gateway: gatewayDialect, support: supportDialect, firewall: firewallDialect }[service],
    baseUrl,
    trust,
    timeouts: { connectMs: 2_000, headersMs: 3_000, bodyMs: 3_000, streamIdleMs: 3_000 },
    proxy: { mode: 'none' },
    rateLimit: { requests: 1_000, windowMs: 60_000 },
    maxResponseBytes: 1_000_000,
    ...overrides,
  };
}

/** Retries fast enough for tests; the waits still grow and still honour Retry-After. */
export const FAST_RETRIES: HttpClientOptions = { retry: { baseDelayMs: 20, maxDelayMs: 100 } };

export interface CapturedLog {
  logger: Logger;
  lines: string[];
  /** Fails the test if any line shows any of these secrets, whole or in part. */
  expectNoneOf(secrets: Iterable<string>): void;
}

export function captureLog(): CapturedLog {
  const lines: string[] = [];
  const logger = createLogger({ sink: (record) => lines.push(record.line), level: 'debug' });
  return {
    logger,
    lines,
    expectNoneOf(secrets) {
      const text = lines.join('\n');
      for (const secret of secrets) {
        // The secret part of a support key, or the tail of any other key, is what must never leak.
        const tail = secret.slice(-12);
        expect(text).not.toContain(secret);
        expect(text).not.toContain(tail);
      }
    },
  };
}

/** The ServiceError a call that must fail rejected with; fails the test if the call succeeded. */
export async function failureOf(promise: Promise<unknown>): Promise<ServiceError> {
  const error = await promise.then(
    () => expect.fail('the call should have failed'),
    (rejection: unknown) => rejection,
  );
  expect(error).toBeInstanceOf(ServiceFailure);
  return (error as ServiceFailure).serviceError;
}

/**
 * The failure as a connection test shows it to the user: a certificate refusal with what the server
 * presented. The call's own failure must not carry it: explaining an error makes no connection.
 */
export async function failureAsShown(promise: Promise<unknown>, baseUrl: string): Promise<ServiceError> {
  const error = await failureOf(promise);
  expect(error.certificate).toBeUndefined();
  return withPresentedCertificate(error, { url: new URL(baseUrl), service: error.service, timeoutMs: 2_000, proxy: { mode: 'none' } });
}
