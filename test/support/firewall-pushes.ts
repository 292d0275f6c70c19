// Deliveries to a running firewall webhook receiver over real HTTPS: one of every outcome its status
// shows, the refused ones as an attacker or a broken sender would send them.
import { Agent, request } from 'undici';
import { signBody } from '../sim/index.ts';

export interface PushTarget {
  /** The receiver's URL, e.g. `https://127.0.0.1:9444/hook`; it must listen on 127.0.0.1 for the appliance 127.0.0.1. */
  url: string;
  caPem: string;
  signingKey: string;
}

/** The receiver's outcome, newest first, for what `pushEveryOutcome` sends. */
export const everyOutcome = [
  { outcome: 'refused', refusal: 'forbidden_address', from: '127.0.0.2' },
  { outcome: 'refused', refusal: 'too_large', from: '127.0.0.1' },
  { outcome: 'refused', refusal: 'bad_request', from: '127.0.0.1' },
  { outcome: 'refused', refusal: 'bad_signature', from: '127.0.0.1' },
  { outcome: 'duplicate', refusal: undefined, from: '127.0.0.1' },
  { outcome: 'processed', refusal: undefined, from: '127.0.0.1' },
] as const;

/**
 * `push` signed (accepted), the same again (a repeat), then refused: a wrong signature, a body that
 * is not a push, one over the size limit, and a signed push from another address (127.0.0.2, the
 * same machine: Linux answers for all of 127/8). Resolves with the HTTP status of each.
 */
export async function pushEveryOutcome({ url, caPem, signingKey }: PushTarget, push: { event: string; id: string; data?: unknown }): Promise<number[]> {
  const appliance = new Agent({ connect: { ca: caPem } });
  const elsewhere = new Agent({ localAddress: '127.0.0.2', connect: { ca: caPem } });
  const send = async (body: string, key: string | null, dispatcher = appliance) =>
    (await request(url, { method: 'POST', body, dispatcher, headers: { 'content-type': 'application/json', ...(key !== null && { 'x-fw-signature': signBody(key, body) }) } })).statusCode;
  const body = JSON.stringify({ occurred_at: new Date().toISOString(), data: {}, ...push });
  try {
    return [
      await send(body, signingKey),
      await send(body, signingKey),
      await send(body, 'not the signing key'),
      await send(JSON.stringify({ hello: 'world' }), signingKey),
      await send(JSON.stringify({ ...push, data: { blob: 'x'.repeat(400_000) } }), signingKey),
      await send(body, signingKey, elsewhere),
    ];
  } finally {
    await Promise.all([appliance.close(), elsewhere.close()]);
  }
}
