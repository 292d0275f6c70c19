// npm run bench [-- --quick] [-- --out FILE] [-- --only P1,P2]: runs the performance figures of the issues, prints a table
// (figure, measured, baseline, ratio, target, pass) and writes the same as JSON; exits 1 when a targeted row fails. The quick run
// is a small version of every figure, run inside npm test so that the bench cannot rot.
import { writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import type { Figure, FigureRow } from './figure.ts';
import { p1Streaming } from './figures/p1-streaming.ts';
import { p2Sync } from './figures/p2-sync.ts';
import { p3View } from './figures/p3-view.ts';
import { p4Window } from './figures/p4-window.ts';
import { p5Memory } from './figures/p5-memory.ts';
import { p6Inbox } from './figures/p6-inbox.ts';
import { p7Budget } from './figures/p7-budget.ts';
import { p8Conversation } from './figures/p8-conversation.ts';
import { p9Palette } from './figures/p9-palette.ts';
import { p10TextSearch } from './figures/p10-text-search.ts';
import { p11BulkBlock } from './figures/p11-bulk-block.ts';
import { atRest } from './figures/at-rest.ts';
import { p12Cases } from './figures/p12-cases.ts';
import { p13Meaning } from './figures/p13-meaning.ts';

/** Every figure, in the order the issue lists them. */
export const figures: Figure[] = [p1Streaming, p2Sync, p3View, p4Window, p5Memory, p6Inbox, p7Budget, p8Conversation, p9Palette, p10TextSearch, p11BulkBlock, atRest, p12Cases, p13Meaning];

const { values } = parseArgs({ options: { quick: { type: 'boolean', default: false }, out: { type: 'string', default: 'bench-results.json' }, only: { type: 'string' } } });
const quick = values.quick;
const chosen = values.only ? figures.filter((figure) => values.only!.split(',').includes(figure.id)) : figures;

const rows: FigureRow[] = [];
for (const figure of chosen) rows.push(...(await figure.run({ quick })));

const format = (value: number | null, digits = 1) => (value === null ? '-' : value.toFixed(digits));
const table = [
  ['figure', 'measured', 'baseline', 'ratio', 'target', 'pass'],
  ...rows.map((r) => [r.figure, `${format(r.measured)} ${r.unit}`, r.baseline === null ? '-' : `${format(r.baseline)} ${r.unit}`, format(r.ratio, 2), r.target || '-', r.pass === null ? '-' : r.pass ? 'pass' : 'FAIL']),
];
const widths = table[0]!.map((_, column) => Math.max(...table.map((line) => line[column]!.length)));
for (const line of table) console.log(line.map((cell, column) => cell.padEnd(widths[column]!)).join('  '));
await writeFile(values.out, `${JSON.stringify({ quick, at: new Date().toISOString(), rows }, null, 2)}\n`);
console.log(`\nwritten to ${values.out}${quick ? ' (quick run: small sizes, the figures prove only that the bench runs)' : ''}`);
// The quick run's sizes are too small to judge: it proves only that every figure runs.
const failed = quick ? [] : rows.filter((r) => r.pass === false);
if (failed.length > 0) {
  console.log(`\n${failed.length} targeted row${failed.length === 1 ? '' : 's'} failed: ${failed.map((r) => r.figure).join('; ')}`);
  process.exitCode = 1;
}
