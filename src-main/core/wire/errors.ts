// Where servers put what went wrong, beyond the HTTP status: the error's name in `error`, `code` or
// `error.code`, and a business code in the body of an HTTP 200 (`40301`: a 403 of this server's own).
import { fieldsOf, readNumber } from './read.ts';

/** The places an error's name is looked for, in a back end's order of preference. */
export type ErrorNamePlace = 'error' | 'error.code' | 'code' | 'error_code';

/** An error's name (`forbidden_scope`), never a number: `code: 40301` names nothing. */
export function errorNameIn(body: unknown, places: readonly ErrorNamePlace[]): string | undefined {
  const fields = fieldsOf(body);
  if (!fields) return undefined;
  for (const place of places) {
    const value = place === 'error.code' ? fields.fields('error')?.raw('code') : fields.record[place];
    if (typeof value === 'string' && value.trim() !== '' && readNumber(value) === undefined) return value.trim();
  }
  return undefined;
}

/** The server's own words about the error, if any. */
export function errorMessageIn(body: unknown): string | undefined {
  const fields = fieldsOf(body);
  return fields?.fields('error')?.string('message', 'msg', 'detail') ?? fields?.string('message', 'msg', 'error_message', 'detail', 'error_description');
}

/**
 * The HTTP status class a business code stands for: 403 and 40301 (a 403 with a sub-code) are
 * 403; 0, 200 and anything else that names no error class are undefined.
 */
export function statusOfBusinessCode(code: number): number | undefined {
  if (!Number.isInteger(code) || code < 400) return undefined;
  let status = code;
  while (status >= 1000) status = Math.floor(status / 10);
  return status >= 400 && status < 600 ? status : undefined;
}

/** Codes that a server uses to say "no error". */
export function isSuccessCode(code: unknown): boolean {
  if (code === undefined || code === null) return true;
  const number = readNumber(code);
  if (number !== undefined) return number === 0 || (number >= 200 && number < 300);
  return typeof code === 'string' && /^(ok|success|succeeded)$/i.test(code.trim());
}

const STATUS_OF_NAME: Readonly<Record<string, number>> = {
  bad_request: 400,
  invalid_request: 400,
  invalid_parameter: 400,
  unauthorized: 401,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  rate_limited: 429,
  too_many_requests: 429,
  internal_error: 500,
  server_error: 500,
  bad_gateway: 502,
  service_unavailable: 503,
  gateway_timeout: 504,
};

/** The status an error's name implies: the back end's own refinements first, then the common names. */
export function statusOfErrorName(refinements: Partial<Record<number, readonly string[]>>, name: string): number | undefined {
  for (const [status, names] of Object.entries(refinements)) {
    if (names?.includes(name)) return Number(status);
  }
  return STATUS_OF_NAME[name.toLowerCase()];
}
