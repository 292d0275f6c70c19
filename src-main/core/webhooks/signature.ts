import { createHmac, timingSafeEqual } from 'node:crypto';

/** `sha256=<hex HMAC-SHA256 of the raw body>`, the scheme both back ends sign with (docs/api-assumptions.md). */
export function signatureOf(secret: string, body: Buffer): string {
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
}

/** Compared in constant time, so an attacker cannot learn the signature byte by byte from the answer's timing. */
export function signatureMatches(secret: string, body: Buffer, header: string): boolean {
  const expected = Buffer.from(signatureOf(secret, body));
  const given = Buffer.from(header);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
