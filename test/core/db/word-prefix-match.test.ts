// The search of rows the full-text index has not taken in yet must answer as the index will: the
// same words from the same text, for every kind of text an appliance may send.
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { foldText, registerWordPrefixMatch, WORD_PREFIXES_MATCH } from '../../../src-main/core/db/word-prefix-match.ts';

const texts = [
  'ET SCAN Nmap probe from 203.0.113.9 to 10.20.1.5:443',
  'Ünïcödé Straße ǅemal İstanbul',
  'cafe\u0301 g\u0301host naïve',
  '中文测试 日本語のアラート',
  'Ωμέγα αλφα ΒΗΤΑ',
  '<script>alert(1)</script> <img src=x onerror=alert(2)>',
  'javascript:alert(document.cookie)',
  'evil\u202Egnp.exe \u200Bzero\u200Dwidth soft\u00ADhyphen',
  'snake_case dollar$sign plus+minus a·b',
  '١٢٣ ٤٥ x² Ⅻ ﬁne ｆｕｌｌ',
  'emoji😀inside 🔥fire',
  'private\uE000use',
  'x'.repeat(5000) + ' tail',
];

const queries = [
  'nmap', 'probe 203', '10 20', '443', 'unicode', 'ÜNÏ', 'strasse', 'straße', 'ǆemal', 'istanbul', 'café', 'cafe', 'ghost', 'naive',
  '中文', '中文测试', '日本語のアラート', 'ωμέγα', 'ωμεγα', 'βητα', 'script', 'alert', 'onerror', 'javascript', 'cookie', 'evil', 'gnp',
  'zero', 'width', 'soft', 'hyphen', 'snake', 'case', 'sign', 'minus', 'b', '١٢٣', 'x²', 'ⅻ', 'ﬁne', 'fine', 'ｆｕｌｌ', 'emoji', 'inside',
  'fire', 'private', 'use', 'tail', 'xxxx', 'absent', 'nmap absent',
];

/** Each query's matching texts, by the FTS5 index the alerts use and by the function, side by side. */
function answers(): { query: string; index: number[]; direct: number[] }[] {
  const db = new Database(':memory:');
  registerWordPrefixMatch(db);
  db.exec("CREATE VIRTUAL TABLE words USING fts5(text, content = '', detail = none, columnsize = 0)");
  db.exec('CREATE TABLE texts (text TEXT)');
  texts.forEach((text, i) => {
    db.prepare('INSERT INTO words (rowid, text) VALUES (?, ?)').run(i + 1, text);
    db.prepare('INSERT INTO texts (rowid, text) VALUES (?, ?)').run(i + 1, text);
  });
  return queries.map((query) => {
    const words = query.match(/[\p{L}\p{N}\p{M}]+/gu)!;
    const match = words.map((word) => `"${word}"*`).join(' AND ');
    return {
      query,
      index: db.prepare('SELECT rowid FROM words WHERE words MATCH ? ORDER BY rowid').pluck().all(match) as number[],
      direct: db.prepare(`SELECT rowid FROM texts WHERE ${WORD_PREFIXES_MATCH}(?, text) ORDER BY rowid`).pluck().all(words.join(' ')) as number[],
    };
  });
}

describe('word_prefixes_match', () => {
  it('finds exactly the texts the FTS5 index finds, for every query, in every script and for hostile text', () => {
    const compared = answers();
    expect(compared.map(({ query, direct }) => ({ query, found: direct }))).toEqual(compared.map(({ query, index }) => ({ query, found: index })));
    // Not a comparison of empty answers: only these find nothing, in either (unicode61 folds no ß,
    // no Greek accent and no ligature, and a private-use character joins the words around it).
    expect(compared.filter(({ index }) => index.length === 0).map(({ query }) => query)).toEqual(['strasse', 'ωμεγα', 'fine', 'use', 'absent', 'nmap absent']);
  });

  it('matches every word as the start of a word, in any of the texts, and treats NULL as no text', () => {
    const db = new Database(':memory:');
    registerWordPrefixMatch(db);
    const matches = (words: string, ...texts: (string | null)[]) =>
      db.prepare(`SELECT ${WORD_PREFIXES_MATCH}(${['?', ...texts.map(() => '?')].join(', ')})`).pluck().get(words, ...texts);
    expect(matches('nm 203', 'ET Nmap', null, '203.0.113.9')).toBe(1);
    expect(matches('map', 'ET Nmap')).toBe(0);
    expect(matches('nmap beacon', 'ET Nmap', null)).toBe(0);
    expect(matches('x', null, null)).toBe(0);
    expect(foldText('ÀÉÎ ǅ İ')).toBe('aei ǆ i');
  });
});
