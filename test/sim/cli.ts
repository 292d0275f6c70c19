// Runs the three simulators until SIGINT/SIGTERM.
//   node test/sim/cli.ts [--alerts N] [--activity] [--ports g,s,f] [--seed N] [--ca-dir DIR]
//                        [--dialect opsdesk|plain] [--write-demo-profiles FILE]
import { parseArgs } from 'node:util';
import { SIM_DIALECTS, startSimulators } from './index.ts';
import { writeDemoProfiles } from './demo-profiles.ts';

function usage(message: string): never {
  console.error(`${message}\nusage: node test/sim/cli.ts [--alerts N] [--activity] [--ports g,s,f] [--seed N] [--ca-dir DIR] [--dialect opsdesk|plain] [--write-demo-profiles FILE]`);
  process.exit(2);
}

function integer(value: string | undefined, what: string): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) usage(`${what} must be a non-negative integer, got '${value}'`);
  return n;
}

let parsed;
try {
  parsed = parseArgs({
    options: {
      alerts: { type: 'string' },
      activity: { type: 'boolean', default: false },
      ports: { type: 'string' },
      seed: { type: 'string' },
      'ca-dir': { type: 'string' },
      dialect: { type: 'string', default: 'opsdesk' },
      'write-demo-profiles': { type: 'string' },
    },
  }).values;
} catch (error) {
  usage(error instanceof Error ? error.message : String(error));
}

const ports = parsed.ports?.split(',').map((p) => integer(p, 'each port'));
if (ports && ports.length !== 3) usage('--ports takes three comma-separated ports: gateway,support,firewall');
const dialect = SIM_DIALECTS.find((name) => name === parsed.dialect) ?? usage(`--dialect is one of ${SIM_DIALECTS.join(', ')}`);

const sims = await startSimulators({
  alertCount: integer(parsed.alerts, '--alerts'),
  activity: parsed.activity,
  seed: integer(parsed.seed, '--seed'),
  caDir: parsed['ca-dir'],
  dialect,
  ports: ports ? { gateway: ports[0], support: ports[1], firewall: ports[2] } : undefined,
});

if (parsed['write-demo-profiles']) await writeDemoProfiles(parsed['write-demo-profiles'], sims);

console.log(`OpsDesk simulators
  gateway   ${sims.gateway.url}
  support   ${sims.support.url}   (the client appends /api/open/v1; ${dialect === 'plain' ? 'site as query parameter site_id, site-main is 1024' : 'site header X-SVC-Site'})
  firewall  ${sims.firewall.url}
  CA        ${sims.ca.file}

Demo keys
  gateway   demo ${sims.gateway.keys.demo}
            limited (gpt-4o-mini only) ${sims.gateway.keys.limited}
            free ${sims.gateway.keys.free}
  support   demo (site-main, test, all scopes) ${sims.support.keys.demo}
            live ${sims.support.keys.live}
            ops ${sims.support.keys.ops}
            eu (site-eu) ${sims.support.keys.eu}
  firewall  demo (administrator) ${sims.firewall.keys.demo}
            read-only ${sims.firewall.keys.readOnly}
            operations ${sims.firewall.keys.operations}
${parsed['write-demo-profiles'] ? `\nDemo profiles written to ${parsed['write-demo-profiles']}\n` : ''}
Simulators ready. Stop with Ctrl+C.`);

let stopping = false;
const stop = async (signal: string): Promise<void> => {
  if (stopping) return;
  stopping = true;
  console.log(`\n${signal}: closing simulators`);
  await sims.close();
  process.exit(0);
};
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));
