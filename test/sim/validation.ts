// Request validation shared by the simulators: a zod schema failure becomes a 400 ApiError that
// names the offending field.
import type { z } from 'zod';
import { ApiError } from './sim-server.ts';
import type { SimRequest } from './sim-server.ts';

export function parseOrReject<T>(schema: z.ZodType<T>, value: unknown, code: string): T {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  const param = issue.path.join('.');
  return rejectParam(code, param, issue.message);
}

function rejectParam(code: string, param: string, problem: string): never {
  throw new ApiError(400, code, `Invalid value for '${param || 'body'}': ${problem}`, param ? { param } : {});
}

// A JSON body. An empty body reads as `{}` (e.g. POST /tickets/{id}/close without a note);
// a non-empty one must be declared as application/json and parse.
export function readJsonBody(req: SimRequest, code: string, { allowEmpty = true } = {}): unknown {
  if (req.body.length === 0 && allowEmpty) return {};
  const type = String(req.headers['content-type'] ?? '');
  if (!/^application\/json\b/i.test(type)) throw new ApiError(400, code, 'Content-Type must be application/json');
  try {
    return JSON.parse(req.body.toString('utf8'));
  } catch {
    throw new ApiError(400, code, 'The request body is not valid JSON');
  }
}

// An optional integer query parameter within [min, max].
export function intQuery(req: SimRequest, name: string, fallback: number, min: number, max: number, code: string): number {
  const raw = req.query.get(name);
  if (raw === null || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    rejectParam(code, name, `must be an integer from ${min} to ${max}`);
  }
  return value;
}
