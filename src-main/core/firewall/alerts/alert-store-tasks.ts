// What the database worker does for the alerts cache: a sync's pages, and the work after a walk.
import type { Db } from '../../db/database.ts';
import { commitWalk, type WalkCommit } from '../../sync/page-walk.ts';
import { SyncStateRepository } from '../../sync/sync-state-repository.ts';
import { AlertRepository } from './alert-repository.ts';
import type { PackedAlert } from './alert-wire.ts';

export interface AlertRetention {
  profileId: string;
  olderThanMs: number;
  maxRows: number;
  /** How many alerts the walk stored: with retention's removals, whether the planner's statistics need a look. */
  stored: number;
}

export function alertStoreTasks(db: Db) {
  const alerts = new AlertRepository(db);
  const state = new SyncStateRepository(db);
  return {
    commitAlertPages: (commit: WalkCommit<PackedAlert>): number => commitWalk(state, (items, walk) => alerts.store(commit.profileId, items, walk), commit),
    /**
     * Before a first backfill: here rather than on main, so it comes after the worker's start
     * (which restores what a killed backfill left out) and main never waits for the write lock.
     */
    suspendAlertIndexes: (): boolean => alerts.suspendIndexesForBackfill(),
    /** What a backfill left out to store faster. */
    restoreAlertIndexes: (): void => alerts.restoreIndexes(),
    /** Applies retention after a walk; answers how many alerts it removed. */
    pruneAlerts: ({ profileId, olderThanMs, maxRows, stored }: AlertRetention): number => {
      const pruned = alerts.prune(profileId, olderThanMs, maxRows);
      if (stored > 0 || pruned > 0) alerts.updatePlannerStatistics();
      return pruned;
    },
  };
}
