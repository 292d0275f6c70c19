// Every bridge call of the address card's own sections; components use these hooks only.
import { opsdesk } from '../../data/bridge.ts';
import { useIpcQuery } from '../../data/ipc-query.ts';
import { addressKeys } from '../../data/query-keys.ts';

/** The cached tickets, contacts, work items and conversations that mention the address: a scan of their text, asked beside the alerts. */
export const useAddressMentions = (address: string) => useIpcQuery(addressKeys.mentions(address), () => opsdesk.address.mentions({ address }));
