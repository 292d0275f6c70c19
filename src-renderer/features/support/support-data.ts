// Every bridge call of the Support view: cached records and remote reads through the window's query
// layer, cached lists through the shared paged cache, the other calls bound to the profile.
// Components use these only.
import { useQueryClient } from '@tanstack/react-query';
import type { QueryKey } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { IpcResult } from '../../../src-shared/contract/define.ts';
import type { OpsDeskApi } from '../../../src-shared/contract/index.ts';
import type { SupportResource } from '../../../src-shared/contract/sync.ts';
import type { SupportWebhookReceiverSettings, SupportWebhookReceiverStatus } from '../../../src-shared/contract/support-webhooks.ts';
import { opsdesk } from '../../data/bridge.ts';
import { unwrap, useIpcMutation, useIpcPages, useIpcQuery } from '../../data/ipc-query.ts';
import { addressKeys, supportKeys } from '../../data/query-keys.ts';
import { useQaStore } from './qa/qa-store.ts';

type SupportApi = OpsDeskApi['support'];
type WebhooksApi = OpsDeskApi['supportWebhooks'];
type WithoutProfile<Call> = Call extends (request: infer Request) => infer Answer ? (request: Omit<Request, 'profileId'>) => Answer : never;
type Bound<Api> = { [Name in Exclude<keyof Api, `on${string}`>]: WithoutProfile<Api[Name]> };
export type SupportCalls = Bound<SupportApi> & { webhooks: Bound<WebhooksApi> };

const bound = <Api extends object>(area: () => Api, profileId: string): Bound<Api> =>
  new Proxy({} as Bound<Api>, {
    get: (_, name) => (request: object) => (area()[name as keyof Api] as (request: object) => unknown)({ profileId, ...request }),
  });

/** The Support view's calls for one profile (writes, searches), each answering with main's result. */
export function supportCalls(profileId: string): SupportCalls {
  const webhooks = bound(() => opsdesk.supportWebhooks, profileId);
  const support = bound(() => opsdesk.support, profileId);
  return new Proxy({} as SupportCalls, { get: (_, name) => (name === 'webhooks' ? webhooks : support[name as keyof Bound<SupportApi>]) });
}

/** One cached record (ticket, contact, work item) as main has it; read again when main says it changed. */
function useCachedRecord<T>(profileId: string, resource: SupportResource, id: string, read: () => Promise<IpcResult<T>>) {
  return useIpcQuery(supportKeys.record(profileId, resource, id), read);
}

export const useContact = (profileId: string, contactId: string) =>
  useCachedRecord(profileId, 'contacts', contactId, () => opsdesk.support.contact({ profileId, contactId }));

export const useWorkItem = (profileId: string, workId: string) =>
  useCachedRecord(profileId, 'work', workId, () => opsdesk.support.workItem({ profileId, workId }));

/** A ticket with its whole thread: the inbox's cache may hold only its last message, then the server gives the rest. */
export const useTicket = (profileId: string, ticketId: string) =>
  useCachedRecord(profileId, 'tickets', ticketId, async () => {
    const cached = await opsdesk.support.ticket({ profileId, ticketId });
    const partial = cached.ok && cached.data.from === 'cache' && !cached.data.error && cached.data.messages.length < (cached.data.messageCount ?? 0);
    return partial ? opsdesk.support.ticket({ profileId, ticketId, fresh: true }) : cached;
  });

/** Where each support cache's sync stands; main's `syncChanged` keeps it current (data/invalidations.ts). */
export const useSupportSyncStatus = (profileId: string, resource: SupportResource) =>
  useIpcQuery(supportKeys.syncStatus(profileId), () => opsdesk.support.syncStatus({ profileId })).data?.find((status) => status.resource === resource);

/** A read of the server's own (not cached): asked once per view, again on `refetch`. */
export const useSupportRemote = <T,>(profileId: string, what: string, read: () => Promise<IpcResult<T>>, ...key: unknown[]) =>
  useIpcQuery(supportKeys.remote(profileId, what, ...key), read);

/** A list the server hands out page by page with a cursor (FAQ, chat logs). */
export function useCursorPages<T>(queryKey: QueryKey, read: (cursor: string | undefined) => Promise<IpcResult<{ items: T[]; nextCursor: string | null }>>, enabled: boolean) {
  const pages = useIpcPages(queryKey, read, undefined as string | undefined, (page) => page.nextCursor, { enabled });
  return {
    items: pages.data?.pages.flatMap((page) => page.items) ?? [],
    pages,
  };
}

export type CursorList<T> = ReturnType<typeof useCursorPages<T>>;

/** Makes the server's reads under `what` stale after a write changed them. */
export function useRemoteRefresh(profileId: string) {
  const client = useQueryClient();
  return (what: string) => void client.invalidateQueries({ queryKey: supportKeys.remote(profileId, what) });
}

/** The firewall alerts a work item was made from ("Create work item" on an alert), kept by OpsDesk. */
export const useWorkItemAlerts = (profileId: string, workId: string) =>
  useIpcQuery(addressKeys.workAlerts(profileId, workId), () => opsdesk.address.workItemAlerts({ profileId, workId }));

/** Who the ticket is from: the contact the server links, or the one the visitor's details fit, or those to tell apart. */
export const useTicketContact = (profileId: string, ticketId: string) =>
  useIpcQuery(supportKeys.ticketContact(profileId, ticketId), () => opsdesk.support.ticketContact({ profileId, ticketId }));

/** A contact's cached tickets, newest activity first. */
export const useContactTickets = (profileId: string, contactId: string) =>
  useIpcQuery(supportKeys.contactTickets(profileId, contactId), () => opsdesk.support.contactTickets({ profileId, contactId }));

/** The cached work items linked to a ticket or a contact; they follow the work items' cache. */
export const useLinkedWorkItems = (profileId: string, link: { ticketId: string } | { contactId: string }) =>
  useIpcQuery([...supportKeys.cached(profileId, 'work'), 'linked', link], () => opsdesk.support.workItems({ profileId, ...link, limit: 50 }));

/**
 * What /meta says of the profile's key, as main keeps it (read again when a profile is saved);
 * `recheck` asks the server again. What was known stays shown while it is asked.
 */
export function useSupportAccessQuery(profileId: string) {
  const client = useQueryClient();
  const query = useIpcQuery(supportKeys.access(profileId), () => opsdesk.support.access({ profileId }));
  const recheck = useCallback(async () => {
    const queryKey = supportKeys.access(profileId);
    // A read of main's copy under way would answer for the server's.
    await client.cancelQueries({ queryKey });
    await client.fetchQuery({ queryKey, queryFn: () => unwrap(opsdesk.support.access({ profileId, refresh: true })) }).catch(() => undefined);
  }, [client, profileId]);
  return { query, recheck };
}

/** The local webhook receiver's settings and live status (main's `statusChanged` carries each change). */
export const useReceiverStatusQuery = () => useIpcQuery(supportKeys.webhookReceiver(), () => opsdesk.supportWebhooks.status());

/** Saves the receiver's settings; main answers with the receiver's status under them. */
export function useSaveReceiverSettings() {
  const client = useQueryClient();
  return useIpcMutation((settings: SupportWebhookReceiverSettings) => opsdesk.supportWebhooks.saveSettings(settings), {
    onSuccess: (status) => client.setQueryData<SupportWebhookReceiverStatus>(supportKeys.webhookReceiver(), status),
  });
}

/** Asks the Q&A a question in the profile's conversation; true once it answered (false when another question is under way or the conversation started over). */
export async function askQuestion(profileId: string, question: string): Promise<boolean> {
  const asked = useQaStore.getState().asked(profileId, question);
  if (!asked) return false;
  const result = await opsdesk.support.ask({ profileId, question, ...(asked.sessionId !== null && { sessionId: asked.sessionId }) });
  return useQaStore.getState().answered(profileId, asked.generation, result) && result.ok;
}
