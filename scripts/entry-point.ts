import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * Whether the module at `moduleUrl` is the script Node was started with. `import.meta.main` says
 * this only from Node 24.2; on 24.0 and 24.1 it is undefined, and a script guarded by it would do
 * nothing and exit 0, so `check-package` would "pass" without checking anything.
 */
export function isEntryPoint(moduleUrl: string, script: string | undefined = process.argv[1]): boolean {
  if (!script) return false;
  try {
    return realpathSync(script) === realpathSync(fileURLToPath(moduleUrl));
  } catch {
    return false;
  }
}
