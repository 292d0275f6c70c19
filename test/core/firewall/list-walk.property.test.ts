// The list walks fed seeded random appliances: a page-size cap anywhere from 1 to above what OpsDesk
// asks, over it sent silently short or refused with a 400 (naming the bound or not), `total` and
// `page_size` reported or not, items without a usable id among the others. Whatever the appliance,
// the walk ends, loses nothing and holds nothing twice. A failure names its seed;
// OPSDESK_PROPERTY_SEED=<seed> replays it first.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../../../src-main/core/db/database.ts';
import { LARGEST_PAGE_SIZE, readWholeList, refusedPageSize, type PageRead } from '../../../src-main/core/firewall/list-walk.ts';
import { ServiceFailure } from '../../../src-main/core/http/service-failure.ts';
import { commitWalk, walkNewestFirst, type FetchedPage, type WalkItem } from '../../../src-main/core/sync/page-walk.ts';
import { SyncStateRepository } from '../../../src-main/core/sync/sync-state-repository.ts';
import { createRandom, type Random } from '../../sim/random.ts';

const firstSeed = Number(process.env.OPSDESK_PROPERTY_SEED ?? 1);
const seeds = (count: number) => Array.from({ length: count }, (_, i) => firstSeed + i);

interface Appliance {
  describe: string;
  /** Every item the appliance lists, newest first; null stands for one without a usable id. */
  items: (string | null)[];
  ids: string[];
  fetch(page: number, pageSize: number): PageRead<{ id: string }>;
  requests: number;
}

function randomAppliance(random: Random): Appliance {
  const count = random.pick([0, 1, random.int(2, 60), random.int(60, 2_000)]);
  const items = Array.from({ length: count }, (_, i) => (random.chance(0.03) ? null : `item-${count - i}`));
  const cap = random.pick([1, random.int(2, 20), random.int(20, 200), random.int(200, LARGEST_PAGE_SIZE + 100)]);
  const refuses = random.chance(0.5);
  const namesBound = random.chance(0.5);
  const saysTotal = random.chance(0.5);
  const saysPageSize = random.chance(0.5);
  const appliance: Appliance = {
    describe: `${count} items, cap ${cap} ${refuses ? `refused${namesBound ? ' naming it' : ''}` : 'silently'}, total ${saysTotal ? 'said' : 'unsaid'}, page_size ${saysPageSize ? 'said' : 'unsaid'}`,
    items,
    ids: items.filter((id) => id !== null),
    requests: 0,
    fetch(page, pageSize) {
      appliance.requests++;
      if (refuses && pageSize > cap) {
        const detail = namesBound ? `Invalid value for 'page_size': must be an integer from 1 to ${cap}` : 'page_size is too large';
        throw new ServiceFailure({ service: 'firewall', status: 400, code: 'bad_request', message: 'rejected', hint: '', retryable: false, params: { detail } });
      }
      const size = Math.min(pageSize, cap);
      const slice = items.slice((page - 1) * size, page * size);
      const usable = slice.filter((id) => id !== null).map((id) => ({ id }));
      return { items: usable, refused: slice.length - usable.length, received: slice.length, total: saysTotal ? items.length : null, pageSize: saysPageSize ? size : null };
    },
  };
  return appliance;
}

/** The most requests a walk may need: a few refusals, then every page at the smallest size it may settle on, and one past the end. */
const mostRequests = (appliance: Appliance) => 12 + 2 * (appliance.items.length + 1);

describe('readWholeList against random appliances', () => {
  it.each(seeds(400))('seed %i', async (seed) => {
    const appliance = randomAppliance(createRandom(seed, 'whole-list'));
    const learned: number[] = [];
    const { items } = await readWholeList(async (page, pageSize) => appliance.fetch(page, pageSize), LARGEST_PAGE_SIZE, (size) => learned.push(size));
    const ids = items.map((item) => item.id);
    expect(ids, appliance.describe).toEqual(appliance.ids);
    expect(appliance.requests, appliance.describe).toBeLessThanOrEqual(mostRequests(appliance));
    // Each size learned is smaller than the one before, and a size.
    expect(learned, appliance.describe).toEqual([...new Set(learned)].sort((a, b) => b - a).filter((size) => size >= 1));
  });

  it('an appliance that answers every page alike (it ignores `page`) ends the walk', async () => {
    let requests = 0;
    const page = { items: [{ id: 'a' }, { id: 'b' }], refused: 0, received: 2, total: null, pageSize: null };
    const { items } = await readWholeList(async () => (requests++, page), 2, () => {});
    expect(items.map((item) => item.id)).toEqual(['a', 'b']);
    expect(requests).toBe(2);
  });
});

describe('the alert walk (walkNewestFirst) against random appliances', () => {
  let dir: string;
  let db: Db;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'opsdesk-walk-'));
    db = openDatabase(path.join(dir, 'walk.db'));
  });
  afterAll(async () => {
    db.close();
    await rm(dir, { recursive: true, force: true });
  });

  it.each(seeds(120))('seed %i', async (seed) => {
    const appliance = randomAppliance(createRandom(seed, 'alert-walk'));
    const profileId = `seed-${seed}`;
    db.prepare(`INSERT INTO profiles (id, service, name, base_url, trust, timeouts, proxy, settings, created_at, updated_at)
      VALUES (?, 'firewall', ?, 'https://fw.example', '{}', '{}', '{}', '{}', '', '')`).run(profileId, profileId);
    const state = new SyncStateRepository(db);
    const stored: string[] = [];
    const learned: number[] = [];
    // As the alert service does: a 400 about the page size starts the walk again at the size it names.
    const walk = async (pageSize: number): Promise<void> => {
      try {
        await walkNewestFirst<WalkItem>(
          {
            profileId,
            resource: 'alerts',
            pageSize,
            fetchPage: async (page, size): Promise<FetchedPage<WalkItem>> => {
              const read = appliance.fetch(page, size);
              return { items: read.items.map(({ id }) => ({ id, time: null })), received: read.received, total: read.total, pageSize: read.pageSize };
            },
            pageSizeLearned: (size) => learned.push(size),
            settledIds: () => new Set(),
            commit: async (commit) => commitWalk(state, (items) => stored.push(...items.map((item) => item.id)), commit),
          },
          state,
          { cutoffMs: 0, now: () => new Date(0).toISOString() },
        );
      } catch (error) {
        const smaller = refusedPageSize(error, pageSize);
        if (smaller === undefined) throw error;
        await walk(smaller);
      }
    };
    await walk(LARGEST_PAGE_SIZE);
    expect(new Set(stored).size, appliance.describe).toBe(stored.length);
    expect([...stored].sort(), appliance.describe).toEqual([...appliance.ids].sort());
    expect(appliance.requests, appliance.describe).toBeLessThanOrEqual(mostRequests(appliance));
  });
});
