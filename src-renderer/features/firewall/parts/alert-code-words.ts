import type { TFunction } from 'i18next';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/** What an alert's category or action says in words. */
export interface AlertCodeWords {
  category(code: string): string;
  action(code: string): string;
}

/** `Port-Scan`, `port scan` and `PORT_SCAN` are the same code; anything else is not a code the catalog could name. */
const codeKey = (code: string) => {
  const key = code.trim().toLowerCase().replace(/[\s-]+/g, '_');
  return /^[a-z0-9_]+$/.test(key) ? key : null;
};

/**
 * Categories and actions (`port_scan`, `detected`) in the window's language, as the table, the
 * detail, the filters and the palette show them; a code the catalog does not know is shown as the
 * appliance sent it. Each code is looked up once per language: a screenful of cells asks for the
 * same few words (P3).
 */
export function alertCodeWords(t: TFunction): AlertCodeWords {
  const lookup = (kind: 'categories' | 'actions') => {
    const known = new Map<string, string>();
    return (code: string) => {
      let words = known.get(code);
      if (words === undefined) {
        const key = codeKey(code);
        words = key === null ? code : t(`firewall.alerts.codes.${kind}.${key}`, { defaultValue: code });
        known.set(code, words);
      }
      return words;
    };
  };
  return { category: lookup('categories'), action: lookup('actions') };
}

export function useAlertCodeWords(): AlertCodeWords {
  const { t } = useTranslation();
  return useMemo(() => alertCodeWords(t), [t]);
}
