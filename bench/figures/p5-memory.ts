// P5: main's JS heap with a million cached alerts, while the view pages, filters, sorts, searches
// and exports: rows stay in SQLite, so the heap stays where it is with an empty cache.
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AppServices } from '../../src-main/core/app-services.ts';
import { openDatabase } from '../../src-main/core/db/database.ts';
import { alertQuerySchema, type AlertQuery } from '../../src-shared/contract/firewall.ts';
import type { RecordingPlatform } from '../../test/support/recording-platform.ts';
import { row, type Figure } from '../figure.ts';
import { fillAlertCache } from '../../test/support/alert-cache-fill.ts';
import { openTestServices } from '../../test/support/test-services.ts';

const MB = 1024 * 1024;

function heapUsedMb(): number {
  // --expose-gc: measure what is kept, not what is waiting to be collected.
  (globalThis as { gc?: () => void }).gc?.();
  return process.memoryUsage().heapUsed / MB;
}

/** What a view does with the cache: pages deep in it, filters, sorts, searches, and a CSV of it all. */
async function useTheCache(services: AppServices, platform: RecordingPlatform, profileId: string, rows: number, exportFile: string): Promise<void> {
  const queries: Omit<AlertQuery, 'profileId'>[] = [
    {},
    { offset: Math.floor(rows / 2), limit: 200 },
    { filter: { severity: ['critical'] }, sort: { field: 'srcIp', direction: 'asc' } },
    { filter: { text: 'beacon' } },
    { filter: { cells: [{ field: 'category', value: 'dos', mode: 'out' }] }, sort: { field: 'severity', direction: 'desc' } },
  ];
  // Checked as the IPC router checks the window's calls.
  for (const query of queries) services.firewall.alerts.query(alertQuerySchema.parse({ profileId, ...query }));
  services.firewall.alerts.facets(profileId);
  platform.savePath = exportFile;
  await services.firewall.export.export({ profileId, taskId: randomUUID(), filter: {}, sort: { field: 'occurredAt', direction: 'desc' } });
}

export const p5Memory: Figure = {
  id: 'P5',
  async run({ quick }) {
    const rows = quick ? 20_000 : 1_000_000;
    const dataDir = await mkdtemp(path.join(tmpdir(), 'opsdesk-bench-p5-'));
    try {
      const seed = openDatabase(path.join(dataDir, 'opsdesk.sqlite'));
      fillAlertCache(seed, 'bench-empty', 0, Date.now());
      fillAlertCache(seed, 'bench-full', rows, Date.now());
      seed.close();
      const { services, platform, dispose } = await openTestServices({ dataDir });
      try {
        await useTheCache(services, platform, 'bench-empty', 0, path.join(dataDir, 'empty.csv'));
        const emptyMb = heapUsedMb();
        let peakMb = 0;
        const sampler = setInterval(() => (peakMb = Math.max(peakMb, process.memoryUsage().heapUsed / MB)), 5);
        await useTheCache(services, platform, 'bench-full', rows, path.join(dataDir, 'full.csv'));
        clearInterval(sampler);
        const fullMb = heapUsedMb();
        return [
          row(`P5 main heap, ${rows.toLocaleString('en')} cached alerts`, 'MB', fullMb, emptyMb, { measuredBelow: 100 }, 'baseline: the same work on an empty cache'),
          row(`P5 main heap peak while using them`, 'MB', Math.max(peakMb, fullMb), emptyMb, { measuredBelow: 100 }, 'sampled every 5 ms, before collection'),
        ];
      } finally {
        await dispose();
      }
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  },
};
