// The process holding a write is killed (SIGKILL: no cleanup runs) after the write was stored, before
// it was sent or after the server committed it but before the answer was recorded. After a restart
// the write goes out with the key it was stored with, and the simulator holds it exactly once.
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, expect, test, vi } from 'vitest';
import { SessionKeyStore } from '../../../src-main/core/secrets/session-key-store.ts';
import { startSimulators, type Simulators } from '../../sim/index.ts';
import { FakeClock } from '../../support/fake-clock.ts';
import { addSupportProfile, driveUntil, openOutboxWorkspace } from './outbox-fixture.ts';

let sims: Simulators;

beforeAll(async () => {
  sims = await startSimulators({ alertCount: 0 });
});
afterAll(async () => {
  await sims.close();
});

const ticketPosts = () => sims.support.requests.filter((request) => request.method === 'POST' && request.path === '/api/open/v1/tickets');

test.each(['before-send', 'after-commit'] as const)('killed %s: sent once after the restart, with the stored key', async (mode) => {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'opsdesk-outbox-crash-'));
  const keyStore = new SessionKeyStore('test');
  const clock = new FakeClock();
  const subject = `crash ${mode} ${Date.now()}`;
  try {
    const setup = await openOutboxWorkspace(clock, { dataDir, keyStore });
    const { id: profileId, apiKey } = await addSupportProfile(setup, sims);
    await setup.services.dispose();

    const before = ticketPosts().length;
    const child = spawn(process.execPath, [fileURLToPath(new URL('./outbox-process.ts', import.meta.url)), dataDir, profileId, mode, subject], {
      env: { ...process.env, OPSDESK_TEST_SUPPORT_KEY: apiKey },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    await vi.waitFor(() => expect(output).toContain(mode), { timeout: 20_000, interval: 20 });
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;

    const file = new Database(path.join(dataDir, 'opsdesk.sqlite'), { readonly: true });
    const row = file.prepare('SELECT id, idempotency_key, state FROM outbox_writes').get() as { id: string; idempotency_key: string; state: string };
    file.close();
    expect(row.state).toBe('sending');
    const sentBeforeRestart = ticketPosts().slice(before);
    expect(sentBeforeRestart.map((request) => request.headers['idempotency-key'])).toEqual(mode === 'before-send' ? [] : [row.idempotency_key]);
    expect(sims.support.store.tickets.filter((ticket) => ticket.subject === subject)).toHaveLength(mode === 'before-send' ? 0 : 1);

    const restarted = await openOutboxWorkspace(clock, { dataDir, keyStore });
    try {
      await driveUntil(clock, () => restarted.services.outbox.get(row.id)?.state === 'sent');
      expect(restarted.services.outbox.get(row.id)).toMatchObject({ state: 'sent', response: { subject } });
    } finally {
      await restarted.services.dispose();
    }
    expect(sims.support.store.tickets.filter((ticket) => ticket.subject === subject)).toHaveLength(1);
    expect(new Set(ticketPosts().slice(before).map((request) => request.headers['idempotency-key']))).toEqual(new Set([row.idempotency_key]));
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
});
