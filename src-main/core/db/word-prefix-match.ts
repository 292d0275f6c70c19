// Full-text search over rows an FTS5 index has not taken in yet: the words FTS5's default
// tokenizer (unicode61) would make of a text, matched as prefixes the way a `"word"*` query
// matches them, as an SQL function every connection has (docs/architecture.md, "Firewall cache").
import type Database from 'better-sqlite3';

/** The characters unicode61 keeps in a word; every other one separates words. */
const WORD_CHARACTER = '\\p{L}\\p{N}\\p{M}\\p{Co}';
const NOT_WORD = new RegExp(`[^${WORD_CHARACTER}]+`, 'u');
const NOT_ASCII = /[^\p{ASCII}]/u;
const LATIN_DIACRITICS = /(\p{Script=Latin})\p{M}+/gu;

/** A text as unicode61 compares it: lower case, its Latin letters without diacritics. */
export function foldText(text: string): string {
  const lower = text.toLowerCase();
  return NOT_ASCII.test(lower) ? lower.normalize('NFD').replace(LATIN_DIACRITICS, '$1').normalize('NFC') : lower;
}

/** The words unicode61 makes of a text, as it keeps them in its index. */
export function indexedWordsOf(text: string): string[] {
  return foldText(text).split(NOT_WORD).filter(Boolean);
}

export const WORD_PREFIXES_MATCH = 'word_prefixes_match';

/**
 * `word_prefixes_match(words, text, …)`: 1 when each of the words begins a word of one of the
 * texts (NULLs are no text), as FTS5 answers `"w1"* AND "w2"*` over those columns.
 */
export function registerWordPrefixMatch(db: Database.Database): void {
  let compiled = { words: '', folded: [] as RegExp[], anyCase: [] as RegExp[] };
  db.function(WORD_PREFIXES_MATCH, { deterministic: true, varargs: true }, (words: unknown, ...texts: unknown[]) => {
    if (typeof words !== 'string') return 0;
    if (words !== compiled.words) {
      const starts = foldText(words).split(NOT_WORD).filter(Boolean).map((word) => `(?<![${WORD_CHARACTER}])${word}`);
      compiled = { words, folded: starts.map((start) => new RegExp(start, 'u')), anyCase: starts.map((start) => new RegExp(start, 'iu')) };
    }
    // A row is checked per search for every row the index has not taken in: an ASCII text (most of
    // an appliance's) is matched as it is, ignoring case, without a folded copy of it.
    const readable = texts.filter((text): text is string => typeof text === 'string');
    const ascii = readable.map((text) => !NOT_ASCII.test(text));
    const foldedText = readable.map((text, index) => (ascii[index] ? text : foldText(text)));
    return compiled.folded.every((pattern, word) => foldedText.some((text, index) => (ascii[index] ? compiled.anyCase[word]! : pattern).test(text))) ? 1 : 0;
  });
}
