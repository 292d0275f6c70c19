// What the database worker does for the alerts cache: a sync's pages, the work after a walk, and
// the full-text index, which follows the rows.
import { setImmediate } from 'node:timers/promises';
import type { Db } from '../../db/database.ts';
import { commitWalk, type WalkCommit } from '../../sync/page-walk.ts';
import { SyncStateRepository } from '../../sync/sync-state-repository.ts';
import { AlertRepository } from './alert-repository.ts';
import type { PackedAlert } from './alert-wire.ts';

/** Alerts taken into the full-text index per transaction: a sync's commit waits for at most one batch. */
const TEXT_INDEX_BATCH = 5_000;

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
    /** What a backfill left out to store faster, with the planner's statistics for them. */
    restoreAlertIndexes: (): void => {
      alerts.restoreIndexes();
      alerts.updatePlannerStatistics();
    },
    /** Takes every stored alert into the full-text index, a batch at a time with the worker's other tasks in between. */
    indexAlertText: async (_nothing: undefined, _noProgress: undefined, signal?: AbortSignal): Promise<void> => {
      while (!signal?.aborted && alerts.indexText(TEXT_INDEX_BATCH)) await setImmediate();
    },
    /** Applies retention after a walk; answers how many alerts it removed. */
    pruneAlerts: ({ profileId, olderThanMs, maxRows, stored }: AlertRetention): number => {
      const pruned = alerts.prune(profileId, olderThanMs, maxRows);
      if (stored > 0 || pruned > 0) alerts.updatePlannerStatistics();
      return pruned;
    },
  };
}

/** The alerts cache's work for a worker left alone: the full-text index follows a long backfill as it goes. */
export function alertIdleStep(db: Db): () => boolean {
  const alerts = new AlertRepository(db);
  return () => alerts.indexText(TEXT_INDEX_BATCH);
}
