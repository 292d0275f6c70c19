import { describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { call, trustingAgent } from './test-helpers.ts';
import type { Json } from './test-helpers.ts';

const cli = fileURLToPath(new URL('./cli.ts', import.meta.url));

describe('cli', () => {
  it('starts all three, writes 0600 demo profiles that work, and stops cleanly on SIGTERM', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'sim-cli-'));
    const file = path.join(dir, 'profiles.json');
    const child = spawn(process.execPath, [cli, '--alerts', '50', '--write-demo-profiles', file, '--ca-dir', dir], { stdio: ['ignore', 'pipe', 'pipe'] });
    try {
      let output = '';
      await new Promise<void>((resolve, reject) => {
        child.stdout.on('data', (chunk: Buffer) => {
          output += chunk.toString();
          if (output.includes('Simulators ready')) resolve();
        });
        child.on('exit', (code) => reject(new Error(`cli exited early with ${code}: ${output}`)));
      });
      expect(output).toContain(path.join(dir, 'ca.pem'));
      expect((await stat(file)).mode & 0o777).toBe(0o600);
      const { profiles } = JSON.parse(await readFile(file, 'utf8'));
      expect(profiles.map((p: Json) => p.service)).toEqual(['gateway', 'support', 'firewall']);
      expect(profiles[0]).toMatchObject({ baseUrl: expect.stringMatching(/\/v1$/), settings: { rateTier: 600 }, trust: { mode: 'ca-only' } });
      expect(profiles[1].settings).toEqual({ site: 'site-main' });
      expect(profiles[2].settings).toEqual({ rateLimit: { requests: 600, windowSeconds: 60 } });
      for (const p of profiles) expect(output).toContain(p.baseUrl);

      const agent = trustingAgent(profiles[2].trust.caPem);
      const alerts = await call(agent, `${profiles[2].baseUrl}/alerts`, { headers: { authorization: `Bearer ${profiles[2].apiKey}` } });
      const meta = await call(agent, `${profiles[1].baseUrl}/api/open/v1/meta`, { headers: { authorization: `Bearer ${profiles[1].apiKey}`, 'x-svc-site': 'site-main' } });
      const models = await call(agent, `${profiles[0].baseUrl}/models`, { headers: { authorization: `Bearer ${profiles[0].apiKey}` } });
      await agent.close();
      expect([alerts.json.total, meta.json.success, models.status]).toEqual([50, true, 200]);

      const exit = new Promise<number | null>((resolve) => child.on('exit', resolve));
      child.kill('SIGTERM');
      expect(await exit).toBe(0);
      expect(await readFile(path.join(dir, 'ca.pem'), 'utf8')).toContain('BEGIN CERTIFICATE');
    } finally {
      child.kill('SIGKILL');
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('rejects bad arguments with exit code 2', async () => {
    const child = spawn(process.execPath, [cli, '--ports', '1,2'], { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code).toBe(2);
    expect(stderr).toContain('--ports takes three');
  });
});
