/**
 * npm run demo: builds the app, starts the three simulators, and runs OpsDesk with profiles for
 * them. The app imports those profiles from a file on start, through the same validation and
 * keychain path as a profile typed into Settings; it never contains simulator code itself.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdir, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { constants } from 'node:os';
import path from 'node:path';
import { startSimulators } from '../test/sim/index.ts';
import { writeDemoProfiles } from '../test/sim/demo-profiles.ts';
import { ensureElectron } from './ensure-electron.ts';
import { isEntryPoint } from './entry-point.ts';

/** The demo's exit status for Electron's: killed by a signal is a failure (128 + its number, as shells report it). */
export function demoExitCode(code: number | null, signal: NodeJS.Signals | null): number {
  if (signal) return 128 + (constants.signals[signal] ?? 0);
  return code ?? 1;
}

const root = path.resolve(import.meta.dirname, '..');

async function runDemo(): Promise<void> {
  let electron: string;
  try {
    electron = await ensureElectron();
  } catch (error) {
    // The message says what failed in its first line (the download's cause, or why the sandbox cannot start) and what to do.
    console.error(
      `${error instanceof Error ? error.message : String(error)}\n` +
        'Without a window you can still see every view on live simulator data: `npm run screenshots` writes them to screenshots/.',
    );
    process.exit(1);
  }

  // Node runs electron-vite's own entry: `npx` is `npx.cmd` on Windows and would need a shell.
  const electronVite = path.join(path.dirname(createRequire(import.meta.url).resolve('electron-vite/package.json')), 'bin', 'electron-vite.js');
  const build = spawnSync(process.execPath, [electronVite, 'build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(demoExitCode(build.status, build.signal));

  // Kept between runs, so the demo profiles are updated in place rather than piling up.
  const demoDir = path.join(root, '.cache', 'demo');
  await mkdir(demoDir, { recursive: true, mode: 0o700 });
  const profilesFile = path.join(demoDir, 'profiles.json');
  const sims = await startSimulators({ activity: true, caDir: demoDir });
  await writeDemoProfiles(profilesFile, sims);
  console.log(`Simulators: gateway ${sims.gateway.url} · support ${sims.support.url} · firewall ${sims.firewall.url}`);

  const app = spawn(electron, ['.'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, OPSDESK_IMPORT_PROFILES: profilesFile, OPSDESK_USER_DATA_DIR: path.join(demoDir, 'user-data') },
  });
  const stop = async (code: number) => {
    await rm(profilesFile, { force: true });
    await sims.close();
    process.exit(code);
  };
  process.on('SIGINT', () => app.kill('SIGINT'));
  process.on('SIGTERM', () => app.kill('SIGTERM'));
  app.on('exit', (code, signal) => {
    if (signal) console.error(`OpsDesk was stopped by ${signal}.`);
    else if (code !== 0) console.error(`OpsDesk exited with status ${code}; its log is in ${path.join(demoDir, 'user-data', 'logs')}.`);
    void stop(demoExitCode(code, signal));
  });
}

if (isEntryPoint(import.meta.url)) await runDemo();
