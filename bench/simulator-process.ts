// The firewall simulator in a process of its own (test/sim/cli.ts), so that what is measured here
// does not share its event loop with the server it talks to.
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export interface SimulatorProcess {
  url: string;
  caPem: string;
  keys: { demo: string; readOnly: string; operations: string };
  /** The gateway simulator of the same process and its demo key (600 calls a minute). */
  gateway: { url: string; demoKey: string };
  close(): Promise<void>;
}

export async function startSimulatorProcess(alerts: number): Promise<SimulatorProcess> {
  const caDir = await mkdtemp(path.join(tmpdir(), 'opsdesk-bench-ca-'));
  const cli = fileURLToPath(new URL('../test/sim/cli.ts', import.meta.url));
  const child = spawn(process.execPath, [cli, '--alerts', String(alerts), '--ca-dir', caDir], { stdio: ['ignore', 'pipe', 'inherit'] });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the simulator exited (${code}) before it was ready`)));
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8');
      if (output.includes('Simulators ready.')) resolve();
    });
  });
  const find = (pattern: RegExp) => {
    const match = pattern.exec(output);
    if (!match?.[1]) throw new Error(`the simulator did not print ${pattern}`);
    return match[1];
  };
  return {
    url: find(/firewall\s+(https:\/\/\S+)/),
    caPem: await readFile(path.join(caDir, 'ca.pem'), 'utf8'),
    keys: {
      demo: find(/demo \(administrator\) (\S+)/),
      readOnly: find(/read-only (\S+)/),
      operations: find(/operations (\S+)/),
    },
    gateway: { url: find(/gateway\s+(https:\/\/\S+)/), demoKey: find(/gateway\s+demo (\S+)/) },
    async close() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
      await rm(caDir, { recursive: true, force: true });
    },
  };
}
