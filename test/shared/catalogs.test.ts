// The catalogs are complete and the window has no words outside them: a key used in code is in both
// catalogs, both catalogs have the same files and each file the same keys and placeholders as its
// twin, each language's catalog assembles every file, every error code and view has its words, and no
// JSX text or user-visible attribute in src-renderer is a raw literal. The keys the screenshot
// scripts name are checked too.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, test } from 'vitest';
import { errorCodes } from '../../src-shared/contract/define.ts';
import { backEnds } from '../../src-shared/contract/profiles.ts';
import { viewKinds } from '../../src-shared/contract/workspace.ts';
import { languages, type Language } from '../../src-shared/i18n/languages.ts';
import { catalogs } from '../../src-shared/i18n/translator.ts';

const root = path.resolve(import.meta.dirname, '../..');

function flatten(value: object, prefix = ''): string[] {
  return Object.entries(value).flatMap(([key, child]) =>
    typeof child === 'object' && child !== null ? flatten(child as object, `${prefix}${key}.`) : [`${prefix}${key}`],
  );
}

/** A value of a catalog (or of one of its files) by its flattened key; undefined where it has none. */
const valueAt = (catalog: object, key: string): unknown => key.split('.').reduce<unknown>((value, part) => (value as Record<string, unknown> | undefined)?.[part], catalog);

const keysOf = Object.fromEntries(Object.entries(catalogs).map(([language, catalog]) => [language, new Set(flatten(catalog))]));

/** A key as `t` resolves it: itself, or a plural form or context variant of it. */
const hasKey = (keys: Set<string>, key: string): boolean => keys.has(key) || [...keys].some((candidate) => candidate.startsWith(`${key}_`));

// Each language is a folder of one file per feature (`en/firewall.ts` exports `firewallWords`), assembled by `en.ts`, `zh-CN.ts`.
const catalogFolder = path.join(root, 'src-shared/i18n');
const featureFiles = (language: Language): string[] => readdirSync(path.join(catalogFolder, language)).sort();
const wordsOf = async (language: Language, file: string): Promise<Record<string, object>> => {
  const module = (await import(path.join(catalogFolder, language, file))) as Record<string, Record<string, object>>;
  return module[`${file.replace(/\.ts$/, '')}Words`]!;
};
/** Every feature file's words, by language and file name. */
const filesOf = Object.fromEntries(
  await Promise.all(
    languages.map(async (language) => [language, Object.fromEntries(await Promise.all(featureFiles(language).map(async (file) => [file, await wordsOf(language, file)] as const)))] as const),
  ),
) as Record<Language, Record<string, Record<string, object>>>;

/** The placeholders a sentence fills and the elements a <Trans> puts into it: a translation keeps them all. */
const slotsOf = (text: string): string[] =>
  [...text.matchAll(/\{\{\s*(\w+)[^}]*\}\}|<\/(\w+)>|<(\w+) ?\/>/g)].map(([, placeholder, element, selfClosing]) => (placeholder ? `{{${placeholder}}}` : `<${element ?? selfClosing}>`)).sort();

const sourceFiles = (folder: string): string[] =>
  readdirSync(path.join(root, folder), { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.tsx?$/.test(file) && !file.endsWith('.d.ts'))
    .map((file) => path.join(folder, file));

const visibleAttributes = new Set(['title', 'aria-label', 'placeholder', 'alt', 'label']);
const hasWords = (text: string): boolean => /\p{L}/u.test(text);

export interface Findings {
  /** Keys named in `t('…')`, `i18nKey="…"`; a template key becomes a pattern. */
  keys: { file: string; key: string | RegExp }[];
  rawText: { file: string; line: number; text: string }[];
  /**
   * Text that escapes the chosen language: an error's `message` rendered instead of going through
   * the error-text hook (main's English), and a date or number formatted by `toLocale…()` or an
   * `Intl` formatter without the app's language (the system's locale, not the user's choice).
   */
  unlocalized: { file: string; line: number; text: string }[];
}

/**
 * The places that may read an error's `message`: the error-text hook falls back to main's words
 * for a code the catalog lacks, and a tab's crash panel shows a thrown Error's own words (no
 * IpcError reaches it) for support.
 */
const mayReadMessage = new Set(['src-renderer/language/use-error-text.ts', 'src-renderer/ui/ErrorBoundary.tsx']);

/** Reads one source file's translation keys and raw user-visible literals. */
export function scan(file: string, source: string): Findings {
  const sourceFile = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const findings: Findings = { keys: [], rawText: [], unlocalized: [] };
  const unlocalized = (node: ts.Node) => findings.unlocalized.push({ file, line: line(node), text: node.getText() });
  const line = (node: ts.Node) => sourceFile.getLineAndCharacterOfPosition(node.getStart()).line + 1;
  const raw = (node: ts.Node, text: string) => findings.rawText.push({ file, line: line(node), text: text.trim() });
  const keyOf = (node: ts.Expression | undefined): string | RegExp | undefined => {
    if (!node) return undefined;
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
    if (ts.isTemplateExpression(node)) {
      const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      return new RegExp(`^${escape(node.head.text)}${node.templateSpans.map((span) => `.+${escape(span.literal.text)}`).join('')}(_.+)?$`);
    }
    return undefined;
  };
  const isTranslate = (callee: ts.Expression) =>
    (ts.isIdentifier(callee) && callee.text === 't') || (ts.isPropertyAccessExpression(callee) && callee.name.text === 't');

  const visit = (node: ts.Node): void => {
    if (ts.isPropertyAccessExpression(node) && node.name.text === 'message' && /error/i.test(node.expression.getText()) && !node.expression.getText().startsWith('useErrorText(') && !mayReadMessage.has(file)) unlocalized(node);
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression) && /^toLocale(String|DateString|TimeString)$/.test(node.expression.name.text)) unlocalized(node);
    if (ts.isNewExpression(node) && ts.isPropertyAccessExpression(node.expression) && node.expression.expression.getText() === 'Intl') {
      const [locale] = node.arguments ?? [];
      if (!locale || locale.getText() === 'undefined' || /navigator/.test(locale.getText())) unlocalized(node);
    }
    if (ts.isCallExpression(node) && isTranslate(node.expression)) {
      const [first] = node.arguments;
      // t(cond ? 'a' : 'b')
      const candidates = first && ts.isConditionalExpression(first) ? [first.whenTrue, first.whenFalse] : [first];
      for (const candidate of candidates) {
        const key = keyOf(candidate);
        if (key !== undefined) findings.keys.push({ file, key });
      }
    }
    if (ts.isJsxAttribute(node)) {
      const name = node.name.getText();
      const value = node.initializer;
      const literal = value && ts.isJsxExpression(value) ? value.expression : value;
      if (name === 'i18nKey') {
        const key = literal && (ts.isStringLiteral(literal) || ts.isNoSubstitutionTemplateLiteral(literal)) ? literal.text : undefined;
        if (key) findings.keys.push({ file, key });
      } else if (visibleAttributes.has(name) && literal && (ts.isStringLiteral(literal) || ts.isNoSubstitutionTemplateLiteral(literal) || ts.isTemplateExpression(literal))) {
        const text = ts.isTemplateExpression(literal) ? [literal.head.text, ...literal.templateSpans.map((span) => span.literal.text)].join(' ') : literal.text;
        if (hasWords(text)) raw(node, `${name}="${text}"`);
      }
    }
    if (ts.isJsxText(node) && hasWords(node.text)) raw(node, node.text);
    // {'words'} or {`words ${x}`} as a child of an element
    if (ts.isJsxExpression(node) && node.parent && (ts.isJsxElement(node.parent) || ts.isJsxFragment(node.parent)) && node.expression) {
      const expression = node.expression;
      if ((ts.isStringLiteral(expression) || ts.isNoSubstitutionTemplateLiteral(expression)) && hasWords(expression.text)) raw(node, expression.text);
      if (ts.isTemplateExpression(expression) && hasWords([expression.head.text, ...expression.templateSpans.map((span) => span.literal.text)].join(''))) {
        raw(node, expression.getText());
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return findings;
}

// scripts/: the screenshots name views and buttons by their words, so a renamed key must break them here, not at the next run.
const scanned = ['src-renderer', 'src-main', 'src-shared', 'scripts'].flatMap(sourceFiles).map((file) => scan(file, readFileSync(path.join(root, file), 'utf8')));
const usedKeys = scanned.flatMap((findings) => findings.keys);

describe('catalogs', () => {
  test('English and Simplified Chinese have the same files', () => {
    expect(featureFiles('en').length).toBeGreaterThan(10);
    expect(featureFiles('zh-CN')).toEqual(featureFiles('en'));
  });

  test('each file has the same keys as its English twin', () => {
    for (const [file, english] of Object.entries(filesOf.en)) {
      const [englishKeys, chineseKeys] = [new Set(flatten(english)), new Set(flatten(filesOf['zh-CN'][file] ?? {}))];
      expect([...englishKeys].filter((key) => !chineseKeys.has(key)), `missing from zh-CN/${file}`).toEqual([]);
      expect([...chineseKeys].filter((key) => !englishKeys.has(key)), `only in zh-CN/${file}`).toEqual([]);
    }
  });

  test('a translation fills the same placeholders and elements as the English', () => {
    for (const [file, english] of Object.entries(filesOf.en)) {
      const chinese = filesOf['zh-CN'][file] ?? {};
      const differing = flatten(english).filter((key) => slotsOf(String(valueAt(english, key))).join() !== slotsOf(String(valueAt(chinese, key) ?? '')).join());
      expect(differing, `zh-CN/${file}`).toEqual([]);
    }
  });

  test("each language's catalog holds every file's sections, each section in one file", () => {
    for (const language of languages) {
      const sections = Object.values(filesOf[language]).flatMap((words) => Object.keys(words));
      expect(sections.filter((section, index) => sections.indexOf(section) !== index), `in two ${language} files`).toEqual([]);
      expect(Object.keys(catalogs[language]).sort()).toEqual([...sections].sort());
      for (const words of Object.values(filesOf[language])) {
        for (const [section, value] of Object.entries(words)) expect(catalogs[language][section as keyof (typeof catalogs)[Language]]).toBe(value);
      }
    }
  });

  test('no catalog has an empty entry', () => {
    for (const catalog of Object.values(catalogs)) {
      const empty = flatten(catalog).filter((key) => valueAt(catalog, key) === '');
      expect(empty).toEqual([]);
    }
  });

  test('every key the code names is in both catalogs', () => {
    expect(usedKeys.length).toBeGreaterThan(100);
    for (const [language, keys] of Object.entries(keysOf)) {
      const missing = usedKeys.filter(({ key }) => (typeof key === 'string' ? !hasKey(keys, key) : ![...keys].some((candidate) => key.test(candidate))));
      expect(missing, `missing from ${language}`).toEqual([]);
    }
  });

  test('every error code, service and view has its words', () => {
    for (const keys of Object.values(keysOf)) {
      expect(errorCodes.filter((code) => !hasKey(keys, `errors.${code}.message`))).toEqual([]);
      // The gateway's call log names a failed call by its code's short words.
      expect(errorCodes.filter((code) => !keys.has(`chat.callLog.failures.${code}`))).toEqual([]);
      expect(backEnds.flatMap((service) => ['title', 'noun', 'subject'].map((part) => `services.${service}.${part}`)).filter((key) => !keys.has(key))).toEqual([]);
      expect(viewKinds.flatMap((kind) => [`views.${kind}.title`, `views.${kind}.summary`]).filter((key) => !keys.has(key))).toEqual([]);
    }
  });

  test('every number a sentence holds is grouped in the language’s way (“10,000 tickets”, never “10000 tickets”)', () => {
    // The placeholders that carry a count or an amount; a port or an HTTP status is a code, not a number to group.
    const amounts = /\{\{(count|fetched|total|written|rows|limit|seconds|minutes|hours|days|ms|min|max|minimum|maximum|width|height|index|current|of|number|percent|megabytes|limitBytes|keptChars|attempts|completion|dimensions|waitSeconds)\}\}/g;
    for (const catalog of Object.values(catalogs)) {
      const text = (key: string) => valueAt(catalog, key) as string;
      const ungrouped = flatten(catalog).flatMap((key) => [...text(key).matchAll(amounts)].map((found) => `${key}: ${found[0]}`));
      expect(ungrouped).toEqual([]);
    }
  });

  test('a back end error names only codes the contract knows', () => {
    const perService = [...keysOf['en']!].filter((key) => backEnds.some((service) => key.startsWith(`errors.${service}.`)));
    const codes = new Set<string>(errorCodes);
    expect(perService.filter((key) => !codes.has(key.split('.')[2]!))).toEqual([]);
  });
});

describe('the window has no words outside the catalogs', () => {
  test('no JSX text or user-visible attribute in src-renderer is a raw literal', () => {
    const rawText = scanned.flatMap((findings) => findings.rawText).filter(({ file }) => file.startsWith('src-renderer'));
    expect(rawText).toEqual([]);
  });

  test('no error message, date or number in src-renderer escapes the chosen language', () => {
    const unlocalized = scanned.flatMap((findings) => findings.unlocalized).filter(({ file }) => file.startsWith('src-renderer'));
    expect(unlocalized).toEqual([]);
  });

  test('the check catches a rendered error message and a date or number in the system locale', () => {
    const findings = scan(
      'src-renderer/Bad.tsx',
      `export const Bad = ({ error, detail, at, count }) => (
        <p title={detail.error?.message}>
          {error.message} {new Date(at).toLocaleString()} {count.toLocaleString()}
          {new Intl.DateTimeFormat(undefined, {}).format(at)} {new Intl.NumberFormat().format(count)}
          {new Intl.NumberFormat(navigator.language).format(count)} {new Intl.NumberFormat(language).format(count)}
        </p>
      );`,
    );
    expect(findings.unlocalized.map(({ text }) => text)).toEqual([
      'detail.error?.message',
      'error.message',
      'new Date(at).toLocaleString()',
      'count.toLocaleString()',
      'new Intl.DateTimeFormat(undefined, {})',
      'new Intl.NumberFormat()',
      'new Intl.NumberFormat(navigator.language)',
    ]);
  });

  test('the check catches a raw string, a raw attribute and a key no catalog has', () => {
    const findings = scan(
      'src-renderer/Bad.tsx',
      `export const Bad = () => (
        <div title="Close this" aria-label={\`Close \${name}\`}>
          Hello
          {'Goodbye'}
          <span>{t('settings.nope')}</span>
          <Trans i18nKey="workspace.missing" />
          <p>{t('connection.retry')} · ×</p>
        </div>
      );`,
    );
    expect(findings.rawText.map(({ text }) => text)).toEqual(['title="Close this"', 'aria-label="Close  "', 'Hello', 'Goodbye']);
    const missing = findings.keys.map(({ key }) => key).filter((key) => typeof key === 'string' && !hasKey(keysOf['en']!, key));
    expect(missing).toEqual(['settings.nope', 'workspace.missing']);
  });
});
