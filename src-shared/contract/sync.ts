// What every cached resource says about its background sync and its cache, whichever back end it
// mirrors: one status type and one change event shape, so a view reads them the same way.
import type { IpcError } from './define.ts';

export const firewallSyncResources = ['alerts', 'blocklist'] as const;
export type FirewallSyncResource = (typeof firewallSyncResources)[number];
export const supportResources = ['tickets', 'contacts', 'work'] as const;
export type SupportResource = (typeof supportResources)[number];
/** Every resource main keeps a cache of and syncs in the background. */
export type SyncResource = FirewallSyncResource | SupportResource;

/** Where a profile's background sync of one resource stands. */
export interface SyncStatus<Resource extends SyncResource = SyncResource> {
  profileId: string;
  resource: Resource;
  /** `backing-off`: the back end is unreachable or refused (429…); the next try waits longer. `stopped`: no key or no scope. */
  state: 'idle' | 'syncing' | 'backing-off' | 'stopped';
  /** When a sync last finished completely (ISO); kept across restarts. */
  lastSyncedAt: string | null;
  /** The last failure, while backing off or stopped. */
  error?: IpcError;
  /** The first sync's backfill, while it runs: pages fetched and the total the back end reported. */
  progress?: { fetched: number; total: number | null };
  nextRunAt: string | null;
  cachedCount: number;
  /** How far back the cache reaches, for a list synced newest first (the alerts). */
  reach?: CacheReach;
}

/** How far back a cache of a newest-first list reaches, and a fetch further back under way. */
export interface CacheReach {
  /** The cache holds everything the back end listed since this moment (ISO); null: not known yet. */
  since: string | null;
  /** The back end lists nothing older than what the cache holds. */
  whole: boolean;
  /** A fetch further back, under way or waiting for its run: back to this moment. */
  fetchingBackTo: string | null;
  /** The oldest moment the cache keeps (its retention): a fetch goes no further back. */
  keptFrom: string;
}

/** A profile's cache of one resource changed; views showing it query again. */
export interface CacheChanged<Resource extends SyncResource = SyncResource> {
  profileId: string;
  resource: Resource;
  /** The records that changed; absent: any may have. */
  ids?: string[];
}
