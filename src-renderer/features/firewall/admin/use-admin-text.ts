import { useCallback } from 'react';
import { adminStrings } from './strings.ts';

type Params = Record<string, string | number>;

function lookup(key: string): string {
  let node: unknown = adminStrings;
  for (const part of key.replace(/^firewallAdmin\./, '').split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
  return typeof node === 'string' ? node : key;
}

/** `t('policies.name')`: the sections' words, as react-i18next's `t` with the `firewallAdmin` prefix will give them. */
export function useAdminText(): { t: (key: string, params?: Params) => string } {
  const t = useCallback(
    (key: string, params: Params = {}) => lookup(key).replace(/\{\{(\w+)\}\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole)),
    [],
  );
  return { t };
}
