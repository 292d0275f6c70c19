/**
 * npm run demo: builds the app, starts the three simulators, and runs OpsDesk with profiles for
 * them. The app imports those profiles from a file on start, through the same validation and
 * keychain path as a profile typed into Settings; it never contains simulator code itself.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { startSimulators } from '../test/sim/index.ts';
import { writeDemoProfiles } from '../test/sim/demo-profiles.ts';

const root = path.resolve(import.meta.dirname, '..');
/** Electron's own lookup, which downloads the binary when it is missing and the network allows. */
function electronBinary(): string | null {
  try {
    const binary = createRequire(import.meta.url)('electron') as string;
    return existsSync(binary) ? binary : null;
  } catch {
    return null;
  }
}

const electron = electronBinary();
if (!electron) {
  console.error(
    'OpsDesk needs the Electron binary to open its window, and it is not installed here ' +
      '(npm skipped its download, or GitHub could not be reached).\n' +
      'Install it with `node node_modules/electron/install.js` on a machine with internet access, then run `npm run demo` again.\n' +
      'Without it you can still see every view on live simulator data: `npm run screenshots` writes them to screenshots/.',
  );
  process.exit(1);
}

const build = spawnSync('npx', ['electron-vite', 'build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);

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
app.on('exit', (code) => void stop(code ?? 0));
