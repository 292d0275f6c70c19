// What the launch smoke test needs around Electron: a display where Linux has none, and the
// processes an app started, to show that quitting ended every one of them.
import { execFileSync, spawn } from 'node:child_process';

export interface VirtualDisplay {
  /** For DISPLAY, e.g. `:99`. */
  display: string;
  stop(): void;
}

/** A private X server where Linux has no display (CI); null where Xvfb is not installed. */
export async function startXvfb(): Promise<VirtualDisplay | null> {
  // -displayfd: Xvfb picks a free display itself and writes its number to fd 3 once it listens.
  const server = spawn('Xvfb', ['-displayfd', '3', '-screen', '0', '1280x1024x24', '-nolisten', 'tcp'], { stdio: ['ignore', 'ignore', 'ignore', 'pipe'] });
  const stop = () => void server.kill();
  try {
    const number = await new Promise<string>((resolve, reject) => {
      let text = '';
      server.stdio[3]!.on('data', (chunk: Buffer) => {
        text += chunk.toString();
        if (text.includes('\n')) resolve(text.trim());
      });
      server.once('error', reject);
      server.once('exit', (code) => reject(new Error(`Xvfb exited with status ${code}`)));
    });
    return { display: `:${number}`, stop };
  } catch {
    stop();
    return null;
  }
}

/** Every process descending from `pid` now (Electron's zygotes, renderers, GPU and utility processes). */
export function descendantsOf(pid: number): number[] {
  const parents = new Map<number, number[]>();
  for (const line of execFileSync('ps', ['-A', '-o', 'pid=,ppid='], { encoding: 'utf8' }).split('\n')) {
    const [child, parent] = line.trim().split(/\s+/).map(Number);
    if (child && parent !== undefined) parents.set(parent, [...(parents.get(parent) ?? []), child]);
  }
  const found: number[] = [];
  const visit = (parent: number) => {
    for (const child of parents.get(parent) ?? []) {
      found.push(child);
      visit(child);
    }
  };
  visit(pid);
  return found;
}

export const isAlive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

