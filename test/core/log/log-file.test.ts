import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { openLogFile } from '../../../src-main/core/log/log-file.ts';
import { createLogger } from '../../../src-main/core/log/logger.ts';

let dir: string;
beforeEach(async () => {
  dir = path.join(await mkdtemp(path.join(tmpdir(), 'opsdesk-log-')), 'logs');
});
afterEach(() => rm(path.dirname(dir), { recursive: true, force: true }));

describe('the log file', () => {
  test('holds every line, redacted: registered keys, key-shaped strings and auth headers never reach the disk', async () => {
    const file = openLogFile({ dir });
    const logger = createLogger({ sink: file.sink });
    const key = 'svc_live_0123456789ab.registeredsecretpart';
    logger.registerSecret('a-registered-gateway-secret');
    logger.error('request failed', { key, header: 'Authorization: Bearer abc.def.ghi', other: 'sk-proj-abcdefghijkl', raw: 'a-registered-gateway-secret' });
    logger.child({ profileId: 'p1' }).warn('retrying');

    const text = await readFile(file.path, 'utf8');
    expect(file.path).toBe(path.join(dir, 'opsdesk.log'));
    expect(text.trim().split('\n')).toHaveLength(2);
    expect(text).toContain('request failed');
    expect(text).toContain('"profileId":"p1"');
    for (const secret of ['registeredsecretpart', 'abc.def.ghi', 'abcdefghijkl', 'a-registered-gateway-secret']) expect(text).not.toContain(secret);
    expect(text).toContain('[redacted]');
    expect((await stat(file.path)).mode & 0o077).toBe(0);
  });

  test('rotates at the size cap and keeps only the newest files', async () => {
    const file = openLogFile({ dir, maxBytes: 200, maxFiles: 3 });
    const logger = createLogger({ sink: file.sink });
    for (let index = 0; index < 40; index += 1) logger.info(`line ${String(index).padStart(2, '0')}`);

    expect((await readdir(dir)).sort()).toEqual(['opsdesk.1.log', 'opsdesk.2.log', 'opsdesk.log']);
    for (const name of await readdir(dir)) expect((await stat(path.join(dir, name))).size).toBeLessThanOrEqual(200);
    const newest = await readFile(file.path, 'utf8');
    const older = await readFile(path.join(dir, 'opsdesk.1.log'), 'utf8');
    const oldest = await readFile(path.join(dir, 'opsdesk.2.log'), 'utf8');
    expect(newest).toContain('line 39');
    expect(older.trim().split('\n').at(-1)).toMatch(/line \d\d$/);
    expect(Number(older.trim().split('\n').at(-1)!.slice(-2)) + 1).toBe(Number(newest.split('\n')[0]!.slice(-2)));
    expect(Number(oldest.trim().split('\n').at(-1)!.slice(-2)) + 1).toBe(Number(older.split('\n')[0]!.slice(-2)));
    expect(oldest).not.toContain('line 00');
  });

  test('a restart appends to the current file and counts its size', async () => {
    createLogger({ sink: openLogFile({ dir, maxBytes: 120 }).sink }).info('first run');
    const again = openLogFile({ dir, maxBytes: 120 });
    createLogger({ sink: again.sink }).info('second run, long enough to pass the cap together with the first line');
    expect(await readFile(path.join(dir, 'opsdesk.1.log'), 'utf8')).toContain('first run');
    expect(await readFile(again.path, 'utf8')).toContain('second run');
  });
});
