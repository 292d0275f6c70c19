// What a Chinese screen must not show: the English sentences and labels of the catalog.
import type { Locator } from 'playwright-core';
import { expect } from 'vitest';
import { en } from '../../src-shared/i18n/en.ts';

/**
 * The names of alert categories ("SQL injection") are left out: an appliance's own English text (a
 * signature) uses them too. `alerts-screen.test.ts` checks that the categories are in Chinese.
 */
const serverWords: object = en.firewall.alerts.codes;

/** English sentences and labels of the catalog (without their placeholders), to find any left on a Chinese screen. */
const englishPhrases = (function collect(value: object): string[] {
  return Object.values(value).flatMap((child) =>
    child === serverWords ? [] : typeof child === 'object' ? collect(child as object) : String(child).split(/\{\{[^}]+\}\}|<[^>]+>/).map((part) => part.trim()),
  );
})(en).filter((phrase) => /[a-z]{3,} [a-z]{2,}/i.test(phrase));

/** The region shows something, and none of it is one of the catalog's English phrases. */
export async function expectNoEnglish(region: Locator) {
  const text = await region.innerText();
  expect(text.length).toBeGreaterThan(0);
  expect(englishPhrases.filter((phrase) => text.includes(phrase))).toEqual([]);
}
