import { useTranslation } from 'react-i18next';
import type { Catalog } from '../../src-shared/i18n/en.ts';

/**
 * One catalog section in the window's language, read as an object (`text.alerts.filters.search`);
 * a component that reads its words here re-renders when the language changes. Placeholders stay
 * as `{{name}}` for `fill` (ui/fill-template.ts).
 */
export function useCatalogSection<Name extends keyof Catalog>(name: Name): Catalog[Name] {
  const { t } = useTranslation();
  return t(name, { returnObjects: true }) as unknown as Catalog[Name];
}
