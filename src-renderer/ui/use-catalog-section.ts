import { useTranslation } from 'react-i18next';
import type { i18n as I18n } from 'i18next';
import type { Catalog } from '../../src-shared/i18n/en.ts';

// Reading a section walks and translates every key under it, and a view's components read theirs
// on every render: each section is read once per translator and language.
const sectionsRead = new WeakMap<I18n, Map<string, unknown>>();

/**
 * One catalog section in the window's language, read as an object (`text.alerts.filters.search`);
 * a component that reads its words here re-renders when the language changes. Placeholders stay
 * as `{{name}}` for `fill` (ui/fill-template.ts).
 */
export function useCatalogSection<Name extends keyof Catalog>(name: Name): Catalog[Name] {
  const { t, i18n } = useTranslation();
  let sections = sectionsRead.get(i18n);
  if (!sections) sectionsRead.set(i18n, (sections = new Map()));
  const key = `${i18n.language}\u0000${name}`;
  if (!sections.has(key)) sections.set(key, t(name, { returnObjects: true }));
  return sections.get(key) as Catalog[Name];
}
