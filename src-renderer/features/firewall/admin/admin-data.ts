// Every bridge call of the appliance administration views: paged lists through the window's query
// layer, the other calls bound to the profile. Components use these only.
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { IpcResult } from '../../../../src-shared/contract/define.ts';
import type { RemotePage } from '../../../../src-shared/contract/pages.ts';
import type { OpsDeskApi } from '../../../../src-shared/contract/index.ts';
import { opsdesk } from '../../../data/bridge.ts';
import { unwrap, useIpcQuery } from '../../../data/ipc-query.ts';
import { firewallKeys } from '../../../data/query-keys.ts';

type AdminApi = OpsDeskApi['firewallAdmin'];
type CallName = Exclude<keyof AdminApi, `on${string}`>;
type WithoutProfile<Call> = Call extends (request: infer Request) => infer Answer ? (request: Omit<Request, 'profileId'>) => Answer : never;
export type AdminCalls = { [Name in CallName]: WithoutProfile<AdminApi[Name]> };

/** The administration calls of one profile's appliance, each answering with main's result. */
export function adminCalls(profileId: string): AdminCalls {
  return new Proxy({} as AdminCalls, {
    get: (_, name: CallName) => (request: object) => (opsdesk.firewallAdmin[name] as (request: object) => unknown)({ profileId, ...request }),
  });
}

/**
 * One page of a list the appliance pages (`list` and its filters name it); a new filter starts
 * again from page 1, and the page read last stays on screen while the next loads.
 */
export function useAppliancePage<T>(profileId: string, list: string, filters: readonly unknown[], load: (page: number) => Promise<IpcResult<RemotePage<T>>>) {
  const client = useQueryClient();
  const listKey = firewallKeys.admin(profileId, list, ...filters);
  const filtersKey = JSON.stringify(filters);
  const [asked, setAsked] = useState({ filtersKey, page: 1 });
  const page = asked.filtersKey === filtersKey ? asked.page : 1;
  const query = useQuery({ queryKey: [...listKey, page], queryFn: () => unwrap(load(page)), placeholderData: keepPreviousData });
  return {
    query,
    setPage: (next: number) => setAsked({ filtersKey, page: next }),
    /** After a write, or Refresh: every page of the list is read again when shown. */
    reload: () => void client.invalidateQueries({ queryKey: firewallKeys.admin(profileId, list) }),
  };
}

export type AppliancePage<T> = ReturnType<typeof useAppliancePage<T>>;

/** The status poller's readings (main's poller starts with the first ask); each `statusSampled` adds one. */
export const useStatusHistory = (profileId: string) => useIpcQuery(firewallKeys.statusHistory(profileId), () => opsdesk.firewallAdmin.status({ profileId }));
