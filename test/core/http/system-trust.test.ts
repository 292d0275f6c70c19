// The operating system's certificate store failing to read (as it might under Electron's BoringSSL).
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { connect, getCACertificates } from 'node:tls';
import type * as Tls from 'node:tls';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { createLogger } from '../../../src-main/core/log/logger.ts';
import { createCertificateAuthority, issueServerCertificate } from '../../sim/certs.ts';

vi.mock('node:tls', async (importOriginal) => {
  const tls = await importOriginal<typeof Tls>();
  return {
    ...tls,
    getCACertificates: (kind: 'default' | 'system' | 'bundled' | 'extra') => {
      if (kind === 'system') throw new Error('BoringSSL: no system store on this platform');
      return tls.getCACertificates(kind);
    },
  };
});

const { logSystemCertificates, systemCertificates, tlsOptionsFor } = await import('../../../src-main/core/http/trust.ts');

let server: ReturnType<typeof createServer>;
let port: number;
let caPem: string;
beforeAll(async () => {
  const ca = await createCertificateAuthority('Company CA');
  caPem = ca.certPem;
  const leaf = await issueServerCertificate(ca);
  server = createServer({ cert: leaf.certPem, key: leaf.keyPem }, (_request, response) => response.end('ok'));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

const handshake = (options: object) =>
  new Promise<boolean>((resolve) => {
    const socket = connect({ host: '127.0.0.1', port, servername: 'localhost', ...options }, () => {
      resolve(socket.authorized);
      socket.end();
    });
    socket.on('error', () => resolve(false));
  });

describe('when the system certificate store cannot be read', () => {
  test('"system" trust falls back to the bundled roots instead of failing every request', () => {
    const { ca } = tlsOptionsFor({ mode: 'system' }) as { ca: string[] };
    expect(ca).toEqual(getCACertificates('default'));
    expect(ca.length).toBeGreaterThan(50);
  });

  test('a profile trusting the system plus its CA still connects', async () => {
    expect(await handshake(tlsOptionsFor({ mode: 'system-plus-ca', caPem }))).toBe(true);
  });

  test('Settings can say why none were loaded, and the log says it once at start', () => {
    expect(systemCertificates()).toEqual({ count: 0, failure: 'BoringSSL: no system store on this platform' });
    const lines: string[] = [];
    logSystemCertificates(createLogger({ sink: (record) => lines.push(record.line) }));
    expect(lines).toEqual([expect.stringMatching(/WARN the system certificate store could not be read; only the bundled roots are trusted .*BoringSSL/)]);
  });
});
