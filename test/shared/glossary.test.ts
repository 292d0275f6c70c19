// One word per concept: docs/glossary.md names each concept's English and 简体中文 words and the
// variants it rejected; no catalog string may bring a rejected variant back.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { catalogs } from '../../src-shared/i18n/translator.ts';

interface Concept {
  english: string[];
  chinese: string;
  rejected: string[];
}

const glossaryFile = path.resolve(import.meta.dirname, '../../docs/glossary.md');

/** The glossary's table: one concept a row, after its header and separator lines. */
function readGlossary(markdown: string): Concept[] {
  const rows = markdown.split('\n').filter((line) => line.startsWith('|'));
  return rows.slice(2).map((row) => {
    const [english = '', chinese = '', , rejected = ''] = row.slice(1, -1).split('|').map((cell) => cell.trim());
    return {
      english: english.split(' / ').map((word) => word.trim()),
      chinese,
      rejected: rejected === '—' ? [] : rejected.split('、').map((word) => word.trim()),
    };
  });
}

function flatten(value: object, prefix = ''): [string, string][] {
  return Object.entries(value).flatMap(([key, child]): [string, string][] =>
    typeof child === 'object' && child !== null ? flatten(child as object, `${prefix}${key}.`) : [[`${prefix}${key}`, String(child)]],
  );
}

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** Whether English text names the word, as a whole word, its plural too. */
const names = (text: string, word: string) => new RegExp(`\\b${escaped(word)}(?:s|es)?\\b`, 'i').test(text);

/** Where `variant` stands in `text`, leaving out the places that are part of one of `words` (对话 in 对话框). */
function standsIn(text: string, variant: string, words: readonly string[]): boolean {
  const covered = new Set<number>();
  for (const word of words) {
    if (!word.includes(variant)) continue;
    for (let at = text.indexOf(word); at !== -1; at = text.indexOf(word, at + 1)) for (let i = at; i < at + word.length; i++) covered.add(i);
  }
  for (let at = text.indexOf(variant); at !== -1; at = text.indexOf(variant, at + 1)) if (!covered.has(at)) return true;
  return false;
}

/** Every string whose text brings back a rejected variant, as `key: 简体中文 (variant, in place of word)`. */
function misuses(glossary: readonly Concept[], english: Map<string, string>, chinese: Map<string, string>): string[] {
  const found: string[] = [];
  for (const [key, text] of chinese) {
    const englishText = english.get(key) ?? '';
    for (const concept of glossary) {
      const others = glossary.filter((other) => other !== concept);
      // Anywhere, a variant is wrong unless it is part of another concept's word; in a string whose
      // English names the concept, unless the English names that other concept too.
      const named = concept.english.some((word) => names(englishText, word));
      const kept = named ? others.filter((other) => other.english.some((word) => names(englishText, word))) : others;
      for (const variant of concept.rejected) {
        if (standsIn(text, variant, kept.map((other) => other.chinese))) found.push(`${key}: ${text} (${variant}, in place of ${concept.chinese})`);
      }
    }
  }
  return found;
}

const glossary = readGlossary(readFileSync(glossaryFile, 'utf8'));
const english = new Map(flatten(catalogs.en));
const chinese = new Map(flatten(catalogs['zh-CN']));

describe('one word per concept', () => {
  test('the glossary names the main concepts, each with one 简体中文 word no other concept uses', () => {
    const concepts = glossary.flatMap((concept) => concept.english);
    for (const concept of ['conversation', 'alert', 'block', 'allow list', 'ticket', 'case', 'connection', 'outbox', 'pending write', 'appliance', 'profile']) expect(concepts).toContain(concept);
    const words = glossary.map((concept) => concept.chinese);
    expect(words.filter((word, index) => words.indexOf(word) !== index)).toEqual([]);
    for (const concept of glossary) expect(concept.rejected).not.toContain(concept.chinese);
  });

  test('no 简体中文 string uses a variant the glossary rejected', () => {
    expect(misuses(glossary, english, chinese)).toEqual([]);
  });

  test('a rejected variant brought back is found, where the English names the concept and anywhere else', () => {
    const en = new Map([
      ['chat.list.new', 'New conversation'],
      ['support.chatLog.session', 'Session {{id}}'],
      ['shortcuts.closeDetail', 'Close the detail or dialog'],
      ['firewall.alerts.title', 'Alerts'],
    ]);
    const zh = new Map([
      ['chat.list.new', '新建会话'],
      ['support.chatLog.session', '会话 {{id}}'],
      ['shortcuts.closeDetail', '关闭详情或对话框'],
      ['firewall.alerts.title', '警报'],
    ]);
    expect(misuses(glossary, en, zh)).toEqual(['chat.list.new: 新建会话 (会话, in place of 对话)', 'firewall.alerts.title: 警报 (警报, in place of 告警)']);
  });
});
