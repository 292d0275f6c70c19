// How the alerts table writes what an appliance coded: categories and actions in words, a code no
// catalog knows as it came, and a moment without this year.
import { describe, expect, it } from 'vitest';
import { createTranslator } from '../../src-shared/i18n/translator.ts';
import { ALERT_CATEGORIES } from '../sim/firewall-data.ts';

Object.assign(globalThis, { window: { opsdesk: {} } });
const { alertCodeWords } = await import('../../src-renderer/features/firewall/parts/alert-code-words.ts');
const { formatDateTimeWithoutThisYear } = await import('../../src-renderer/ui/format.ts');

const wordsIn = (language: 'en' | 'zh-CN') => alertCodeWords(createTranslator(language).t as never);

describe('alert codes in words', () => {
  it('names every category and action the simulator sends, in both languages', () => {
    for (const language of ['en', 'zh-CN'] as const) {
      const words = wordsIn(language);
      for (const category of ALERT_CATEGORIES) expect(words.category(category), `${language} ${category}`).not.toBe(category);
      for (const action of ['blocked', 'detected']) expect(words.action(action), `${language} ${action}`).not.toBe(action);
    }
    expect(wordsIn('en').category('port_scan')).toBe('Port scan');
    expect(wordsIn('zh-CN').category('port_scan')).toBe('端口扫描');
    expect(wordsIn('en').action('detected')).toBe('Detected');
  });

  it("reads another appliance's spelling of a known code", () => {
    const words = wordsIn('en');
    expect(['Port-Scan', 'PORT_SCAN', ' port scan '].map(words.category)).toEqual(['Port scan', 'Port scan', 'Port scan']);
    expect(words.action('Blocked')).toBe('Blocked');
  });

  it('shows a code the catalog does not know, or one that is not a code, as the appliance sent it', () => {
    const words = wordsIn('zh-CN');
    for (const code of ['zero_day_probe', 'filters.label', 'firewall:title', '__proto__', 'constructor', '<b>scan</b>', 'Port scan (custom)', '']) {
      expect(words.category(code), code).toBe(code);
      expect(words.action(code), code).toBe(code);
    }
  });
});

describe('a moment in the alerts table', () => {
  const now = new Date(2026, 11, 3, 12, 0, 0);
  it("leaves this year's year out, to the second", () => {
    expect(formatDateTimeWithoutThisYear(new Date(2026, 10, 26, 9, 5, 7), now, 'en')).toBe('Nov 26, 9:05:07 AM');
    expect(formatDateTimeWithoutThisYear(new Date(2026, 10, 26, 9, 5, 7), now, 'zh-CN')).toMatch(/^11月26日 9:05:07$/);
  });
  it("keeps another year's", () => {
    expect(formatDateTimeWithoutThisYear(new Date(2025, 11, 31, 23, 59, 59), now, 'en')).toBe('Dec 31, 2025, 11:59:59 PM');
    expect(formatDateTimeWithoutThisYear(new Date(2025, 11, 31, 23, 59, 59), now, 'zh-CN')).toMatch(/^2025年12月31日 23:59:59$/);
  });
});
