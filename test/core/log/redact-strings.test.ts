// What a server sends passes through `redactStrings` before it is stored: a key it echoes back is
// blanked wherever it sits, and what holds no key is kept as it came, without a copy.
import { describe, expect, it } from 'vitest';
import { Redactor, redactStrings } from '../../../src-main/core/log/redactor.ts';

const key = 'fw_live_0123456789abcdef';
const redactor = new Redactor();
redactor.registerSecret(key);
const redact = (text: string) => redactor.redact(text);

describe('redacting what a server sent', () => {
  it('blanks a registered key and key-shaped text at any depth, and leaves the rest of each value', () => {
    const alert = { id: 'a1', message: `echo ${key} here`, other: { headers: ['Authorization: Bearer abc.def', 'ok'], count: 3 } };
    expect(redactStrings(alert, redact)).toEqual({
      id: 'a1',
      message: 'echo [redacted] here',
      other: { headers: ['Authorization: [redacted]', 'ok'], count: 3 },
    });
    expect(alert.message).toContain(key);
  });

  it('blanks the shortest key-shaped text and a registered key standing alone, and keeps short words', () => {
    expect(redact('Bearer x')).toBe('Bearer [redacted]');
    expect(redact(key)).toBe('[redacted]');
    expect(redact('bearer')).toBe('bearer');
    expect(redactStrings({ severity: 'high', action: 'block', token: 'bearer abcdefgh' }, redact)).toEqual({ severity: 'high', action: 'block', token: 'Bearer [redacted]' });
  });

  it('returns a part with nothing to redact as it is, and copies only the parts that changed', () => {
    const clean = { id: 'a2', other: { list: ['x', 'y'], nested: { n: 1 } } };
    expect(redactStrings(clean, redact)).toBe(clean);
    const page = [clean, { id: 'a3', message: key }];
    const redacted = redactStrings(page, redact);
    expect(redacted).not.toBe(page);
    expect(redacted[0]).toBe(clean);
    expect(redacted[1]).toEqual({ id: 'a3', message: '[redacted]' });
  });

  it('keeps a server\'s own "__proto__" field a field when its value is redacted', () => {
    const hostile = JSON.parse(`{"id":"a4","__proto__":{"polluted":"${key}"}}`) as Record<string, unknown>;
    const redacted = redactStrings(hostile, redact);
    expect(Object.getPrototypeOf(redacted)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(redacted, '__proto__')?.value).toEqual({ polluted: '[redacted]' });
    expect((redacted as { polluted?: unknown }).polluted).toBeUndefined();
  });
});
