// No module imports itself by way of others, types included: a cycle makes a module's exports
// undefined while the other half loads, and says the two halves are one concept split in two.
// The imports are read and resolved by TypeScript itself, as the typecheck sees them.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ts from 'typescript';
import { expect, test } from 'vitest';

const SOURCE_FOLDERS = ['src-main', 'src-preload', 'src-renderer', 'src-shared'];

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .filter((name) => /\.tsx?$/.test(name) && !name.endsWith('.d.ts'))
    .map((name) => path.join(folder, name));
}

/** Each cycle once, as the files around it, starting from the first in path order. */
function importCycles(files: string[]): string[][] {
  const options = ts.parseJsonConfigFileContent(ts.readConfigFile('tsconfig.json', (file) => ts.sys.readFile(file)).config, ts.sys, process.cwd()).options;
  const known = new Set(files);
  const imports = new Map<string, string[]>();
  for (const file of files) {
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    const resolved = importedFiles
      .map(({ fileName }) => ts.resolveModuleName(fileName, file, options, ts.sys).resolvedModule?.resolvedFileName)
      .filter((target): target is string => target !== undefined && known.has(path.resolve(target)))
      .map((target) => path.resolve(target));
    imports.set(file, [...new Set(resolved)]);
  }
  const cycles = new Map<string, string[]>();
  const done = new Set<string>();
  const visit = (file: string, trail: string[]) => {
    const seenAt = trail.indexOf(file);
    if (seenAt >= 0) {
      const cycle = trail.slice(seenAt);
      const first = cycle.indexOf([...cycle].sort()[0]!);
      const rotated = [...cycle.slice(first), ...cycle.slice(0, first)];
      cycles.set(rotated.join(' > '), rotated);
      return;
    }
    if (done.has(file)) return;
    for (const target of imports.get(file) ?? []) visit(target, [...trail, file]);
    done.add(file);
  };
  for (const file of [...files].sort()) visit(file, []);
  return [...cycles.values()].map((cycle) => cycle.map((file) => path.relative(process.cwd(), file)));
}

test('no module of the app imports itself through others', () => {
  const files = SOURCE_FOLDERS.flatMap((folder) => sourceFiles(path.resolve(folder)));
  expect(files.length).toBeGreaterThan(100);
  expect(importCycles(files)).toEqual([]);
});

test('a cycle is found, type imports included, and named by its files', async () => {
  const dir = await mkdtemp(path.join(tmpdir(), 'opsdesk-cycle-'));
  try {
    await writeFile(path.join(dir, 'a.ts'), "import type { B } from './b.ts';\nexport interface A { b: B }\n");
    await writeFile(path.join(dir, 'b.ts'), "import { c } from './c.ts';\nexport interface B { c: typeof c }\n");
    await writeFile(path.join(dir, 'c.ts'), "import type { A } from './a.ts';\nexport const c: A | null = null;\n");
    await writeFile(path.join(dir, 'd.ts'), "import { c } from './c.ts';\nexport const d = c;\n");
    const name = (file: string) => path.relative(process.cwd(), path.join(dir, file));
    expect(importCycles(sourceFiles(dir))).toEqual([[name('a.ts'), name('b.ts'), name('c.ts')]]);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
