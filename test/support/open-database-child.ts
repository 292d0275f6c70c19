// A process that opens a database as the app's start does (encrypting a plain file, a backup, the
// migrations) and says each step on stdout as it begins, synchronously, so the kill tests
// (test/core/db/kill-during-start.test.ts) can kill it there. Usage: node this.ts <file> <key>
import { writeSync } from 'node:fs';
import { openDatabase } from '../../src-main/core/db/database.ts';

const [file, key] = process.argv.slice(2) as [string, string];
const say = (line: string) => writeSync(1, `${line}\n`);
openDatabase(file, (step) => say(`migration ${step.number}`), { key, check: true, onConversion: (phase) => say(`conversion ${phase}`) }).close();
say('done');
