// No key reaches a log line, whatever shape it takes in the text being logged.
import { describe, expect, it } from 'vitest';
import { createLogger } from '../../../src-main/core/log/logger.ts';

function capture() {
  const lines: string[] = [];
  return { lines, logger: createLogger({ sink: (record) => lines.push(record.line), level: 'debug' }) };
}

describe('log redaction', () => {
  it('removes Authorization header values in header dumps and objects', () => {
    const { lines, logger } = capture();
    logger.info('sending', { headers: { Authorization: 'Bearer abc.def-ghi_jkl' } });
    logger.info('raw request: GET /x HTTP/1.1\r\nauthorization: Basic dXNlcjpwYXNz\r\n');
    logger.info('proxy', { 'proxy-authorization': 'Basic c2VjcmV0OnNlY3JldA==' });
    const text = lines.join('\n');
    expect(text).not.toContain('abc.def-ghi_jkl');
    expect(text).not.toContain('dXNlcjpwYXNz');
    expect(text).not.toContain('c2VjcmV0OnNlY3JldA==');
    expect(text).toContain('[redacted]');
  });

  it('removes Bearer tokens anywhere in a message', () => {
    const { lines, logger } = capture();
    logger.warn('upstream said: invalid token Bearer eyJhbGciOi.JIUzI1NiJ9.sig for user');
    expect(lines[0]).not.toContain('eyJhbGciOi');
    expect(lines[0]).toContain('for user');
  });

  it('removes support keys and sk- keys by their shape, keeping which kind it was', () => {
    const { lines, logger } = capture();
    logger.error('bad key', { key: 'svc_live_3fa9c0ffee12.Zx9SecretPartOfTheKey', other: 'sk-proj-AbCdEf0123456789' });
    expect(lines[0]).not.toContain('Zx9SecretPartOfTheKey');
    expect(lines[0]).not.toContain('3fa9c0ffee12');
    expect(lines[0]).not.toContain('AbCdEf0123456789');
    expect(lines[0]).toContain('svc_live_[redacted]');
    expect(lines[0]).toContain('sk-[redacted]');
  });

  it('removes a registered secret of any shape, also through child loggers and in error messages', () => {
    const { lines, logger } = capture();
    const child = logger.child({ service: 'firewall' });
    const firewallKey = 'fw-9d8c7b6a5f4e3d2c1b0a';
    child.registerSecret(firewallKey);
    logger.info('failed', { error: new Error(`request to https://fw/?token=${firewallKey} failed`) });
    child.debug(`key was ${firewallKey}`);
    expect(lines.join('\n')).not.toContain(firewallKey);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('"service":"firewall"');
  });

  it('removes a registered secret a server echoed base64- or URL-encoded', () => {
    const { lines, logger } = capture();
    const signingKey = 'fw+sign/Key=9d8c7b6a';
    logger.registerSecret(signingKey);
    const base64 = Buffer.from(signingKey).toString('base64');
    logger.info(`payload: ${base64} ${base64.replace(/=+$/, '')} ${Buffer.from(signingKey).toString('base64url')} GET /hook?key=${encodeURIComponent(signingKey)}`);
    expect(lines[0]).toMatch(/ payload: \[redacted\]=* \[redacted\] \[redacted\] GET \/hook\?key=\[redacted\]$/);
  });

  it('keeps ordinary text intact', () => {
    const { lines, logger } = capture();
    logger.info('request done', { method: 'GET', path: '/api/v1/alerts', status: 200 });
    expect(lines[0]).toMatch(/INFO request done \{"method":"GET","path":"\/api\/v1\/alerts","status":200\}$/);
  });

  it('drops lines below the chosen level', () => {
    const lines: string[] = [];
    const logger = createLogger({ sink: (record) => lines.push(record.line), level: 'warn' });
    logger.info('quiet');
    logger.warn('loud');
    expect(lines).toHaveLength(1);
  });
});
