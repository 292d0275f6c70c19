import { useCallback, useEffect } from 'react';
import type { IpcError } from '../../../../src-shared/contract/define.ts';
import type { SupportAccess, SupportScope } from '../../../../src-shared/contract/support.ts';
import { useProfile } from '../../connections/index.ts';
import { useSupportAccessStore } from './access-store.ts';

export interface SupportAccessView {
  /** The last answer of /meta for this key; null until one arrives. */
  access: SupportAccess | null;
  /** Why /meta could not be read just now (the last answer, if any, stays in `access`). */
  failure: IpcError | null;
  checking: boolean;
  /** false: the key lacks the scope (say so, disable the action); true or null (not known yet): let the user try. */
  allows(scope: SupportScope): boolean | null;
  recheck(): void;
}

/**
 * What this profile's key may do, from /meta: the sections disable what it lacks and name the
 * scope. Read again when the profile is saved (a new key may hold other scopes).
 */
export function useSupportAccess(profileId: string): SupportAccessView {
  const state = useSupportAccessStore((store) => store.states[profileId]);
  const load = useSupportAccessStore((store) => store.load);
  const savedAt = useProfile(profileId)?.updatedAt;
  useEffect(() => {
    void load(profileId);
  }, [load, profileId, savedAt]);

  const access = state?.access ?? null;
  const allows = useCallback(
    (scope: SupportScope): boolean | null => {
      // A refused /meta (wrong site, address not allowed) says nothing of the scopes: unknown, not lacking.
      if (!access || (access.blocked && access.scopes.length === 0)) return null;
      // main judges each scope (wildcards such as crm.*) once, per action; every scope has an action.
      const verdicts = Object.values(access.actions).filter((action) => action.scope === scope);
      return verdicts.length === 0 ? null : verdicts.some((action) => action.allowed);
    },
    [access],
  );
  return {
    access,
    failure: state?.status === 'failed' ? state.error : null,
    checking: state === undefined || state.status === 'loading',
    allows,
    recheck: useCallback(() => void load(profileId, true), [load, profileId]),
  };
}
