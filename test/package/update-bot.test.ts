import { readdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, test } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');

/** The `electron` group of .github/dependabot.yml: its patterns and update types, read from the file's own layout. */
async function electronGroup(): Promise<{ patterns: string[]; updateTypes: string[] }> {
  const config = await readFile(path.join(root, '.github', 'dependabot.yml'), 'utf8');
  const group = /^ {6}electron:\n((?: {8,}.*\n|\s*#.*\n)*)/m.exec(config)?.[1] ?? '';
  const list = (key: string) => {
    const block = new RegExp(`^ {8}${key}:\\n((?: {10}.*\\n)*)`, 'm').exec(group)?.[1] ?? '';
    return [...block.matchAll(/^ {10}- '?([^'\n]+)'?$/gm)].map((match) => match[1]!);
  };
  return { patterns: list('patterns'), updateTypes: list('update-types') };
}

const matches = (pattern: string, name: string) => new RegExp(`^${pattern.replace(/[.+?^${}()|[\]\\/]/g, '\\$&').replaceAll('*', '.*')}$`).test(name);

describe('the update bot', () => {
  test('groups Electron, its build and packaging tools and the native modules into one change, minor and patch releases only', async () => {
    const manifest = JSON.parse(await readFile(path.join(root, 'package.json'), 'utf8')) as { dependencies: Record<string, string>; devDependencies: Record<string, string> };
    const names = [...Object.keys(manifest.dependencies), ...Object.keys(manifest.devDependencies)];
    // A native module is one whose package ships a compiled .node binary (or a per-platform package of one).
    const native = names.filter((name) => {
      try {
        return readdirSync(path.join(root, 'node_modules', name), { recursive: true }).some((file) => String(file).endsWith('.node'));
      } catch {
        return false;
      }
    });
    expect(native).toEqual(expect.arrayContaining(['better-sqlite3']));
    const { patterns, updateTypes } = await electronGroup();
    const wanted = ['electron', 'electron-builder', 'electron-vite', ...names.filter((name) => name.startsWith('@electron/')), ...native, '@napi-rs/keyring'];
    for (const name of wanted) expect(patterns.some((pattern) => matches(pattern, name)), `${name} in ${patterns.join(', ')}`).toBe(true);
    // No pattern is left over from a package the project no longer has.
    for (const pattern of patterns) expect(names.some((name) => matches(pattern, name)), pattern).toBe(true);
    // A new major (another Chromium, Node and native ABI) comes as a change of its own.
    expect(updateTypes).toEqual(['minor', 'patch']);
  });
});
