// An error event inside a 200 stream, as OpenAI-compatible gateways send it: which documented error it is.
import { describe, expect, it } from 'vitest';
import { describeStreamError } from '../../../src-main/core/gateway/error-dialect.ts';

describe('an error event inside a streamed answer', () => {
  it.each([
    [{ message: 'upstream model overloaded', type: 'server_error', code: 'upstream_error' }, 'server_error', true],
    [{ message: 'slow down', type: 'rate_limit_error', code: 'rate_limit_exceeded' }, 'rate_limited', true],
    [{ message: 'not on your whitelist', type: 'permission_error', code: 'model_not_allowed' }, 'model_not_permitted', false],
    [{ message: 'no such model', code: 'model_not_allowed' }, 'model_not_permitted', false],
    [{ message: 'bad temperature', type: 'invalid_request_error', code: null }, 'bad_request', false],
    [{ message: 'busy', type: 'overloaded_error' }, 'service_unavailable', true],
    [{ message: 'something else' }, 'server_error', true],
    ['a bare string', 'server_error', true],
  ])('%j is %s', (error, code, retryable) => {
    const described = describeStreamError(error, 'req_1');
    expect(described).toMatchObject({ service: 'gateway', status: 200, code, retryable, requestId: 'req_1' });
  });

  it("keeps the server's words, without a key it may have echoed", () => {
    const key = 'sk-proj-abcdefghijklmnopqrstuvwxyz0123456789';
    const described = describeStreamError({ message: `key ${key} overloaded`, type: 'server_error' }, undefined);
    expect(described.message).toContain('overloaded');
    expect(described.message).not.toContain(key);
  });
});
