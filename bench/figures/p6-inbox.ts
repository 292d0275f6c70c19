// P6, the tickets inbox over 10k cached tickets: the query half (p6-ticket-query.ts: the service's
// status filter against the bare SQLite page), then Chromium's: first rows painted after a Support
// tab opens, and a status filter answered end to end (a click to the new rows in the DOM), each
// against the repository query the view's call runs. The cache is built by SQL, not by HTTP, for a
// support profile whose server is never reached: the inbox works from the cache, as it does offline.
import type { Page } from 'playwright-core';
import type { Db } from '../../src-main/core/db/database.ts';
import { SessionKeyStore } from '../../src-main/core/secrets/session-key-store.ts';
import { TicketRepository } from '../../src-main/core/support/tickets/ticket-repository.ts';
import { openApp } from '../../test/support/app-harness.ts';
import { launchChromium } from '../../test/support/chromium.ts';
import { p95, timeFirstRows } from '../chromium-timing.ts';
import { row } from '../figure.ts';
import { p6TicketQuery } from './p6-ticket-query.ts';
import { p6InboxSearch } from './p6-inbox-search.ts';
import { p6BulkClose } from './p6-bulk-close.ts';
import type { Figure, FigureRow } from '../figure.ts';
import { insertProfileRow } from '../../test/support/profile-row.ts';
import { cachePageSize } from '../../src-renderer/ui/paged-cache.ts';

/** A row with its data, not a placeholder. */
const firstTicketRow = '[role="listbox"][aria-label="Ticket list"] [role="option"]:not([aria-busy])';



/** A support profile and `rows` cached tickets shaped like the simulator's, spread over the four statuses. */
function fillTicketCache(db: Db, profileId: string, rows: number, nowMs: number): void {
  insertProfileRow(db, profileId, 'support', `Bench ${profileId}`);
  db.prepare(
    `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < @rows)
     INSERT INTO support_tickets (profile_id, id, status, subject, channel, offline, visitor_name, visitor_email, contact_id,
       message_count, created_at, updated_at, closed_at, close_note, last_message, messages, other, activity_at, unread, synced_at)
     SELECT @profileId, printf('tkt_%06d', i),
       CASE i % 4 WHEN 0 THEN 'queued' WHEN 1 THEN 'active' WHEN 2 THEN 'offline' ELSE 'closed' END,
       printf('Problem %d with my %s', i, CASE i % 3 WHEN 0 THEN 'invoice' WHEN 1 THEN 'router' ELSE 'account' END),
       'web', i % 4 = 2, printf('Visitor %d', i % 700), printf('visitor%d@example.com', i % 700), NULL, 1 + i % 6,
       strftime('%Y-%m-%dT%H:%M:%fZ', (@nowMs - (@rows - i) * 60000) / 1000.0, 'unixepoch'),
       strftime('%Y-%m-%dT%H:%M:%fZ', (@nowMs - (@rows - i) * 60000) / 1000.0, 'unixepoch'),
       NULL, NULL,
       json_object('id', printf('msg_%d', i), 'from', 'visitor', 'author', printf('Visitor %d', i % 700),
         'text', printf('Hello, any news about ticket %d?', i), 'createdAt', strftime('%Y-%m-%dT%H:%M:%fZ', (@nowMs - (@rows - i) * 60000) / 1000.0, 'unixepoch')),
       NULL, '{}', strftime('%Y-%m-%dT%H:%M:%fZ', (@nowMs - (@rows - i) * 60000) / 1000.0, 'unixepoch'), i % 9 = 0,
       strftime('%Y-%m-%dT%H:%M:%fZ', @nowMs / 1000.0, 'unixepoch')
     FROM n`,
  ).run({ rows, profileId, nowMs });
}


/** One status chip's click, timed in the page from the click to the list showing only that status's rows (or, for All, several). */
async function timeFilter(page: Page, chip: string, statusWords: string | null): Promise<number> {
  return page.evaluate(({ chip, statusWords }) => {
    const panel = document.querySelector('[role="tabpanel"]:not([hidden])')!;
    const list = panel.querySelector('[role="listbox"][aria-label="Ticket list"]')!;
    const group = panel.querySelector('[role="group"][aria-label="Ticket status"]')!;
    const button = [...group.querySelectorAll('button')].find((candidate) => candidate.querySelector('bdi')?.textContent === chip || candidate.textContent === chip)!;
    return new Promise<number>((resolve, reject) => {
      const timeout = setTimeout(() => reject(new Error(`${chip} did not settle`)), 10_000);
      let started = 0;
      const check = () => {
        const shown = [...list.querySelectorAll('[role="option"] .si-status')].map((cell) => cell.textContent);
        if (shown.length === 0 || list.querySelector('[aria-busy]')) return;
        const settled = statusWords === null ? new Set(shown).size > 1 : shown.every((words) => words === statusWords);
        if (!settled) return;
        observer.disconnect();
        clearTimeout(timeout);
        resolve(performance.now() - started);
      };
      const observer = new MutationObserver(check);
      observer.observe(list, { subtree: true, childList: true, characterData: true });
      started = performance.now();
      button.click();
    });
  }, { chip, statusWords });
}

/** The chips in the order a user tries them; each settles only on rows the one before did not show. */
const filters: { chip: string; words: string | null; status: string[] | undefined }[] = [
  { chip: 'Closed', words: 'Closed', status: ['closed'] },
  { chip: 'Active', words: 'Active', status: ['active'] },
  { chip: 'Queued', words: 'Queued', status: ['queued'] },
  { chip: 'Offline message', words: 'Offline message', status: ['offline'] },
  { chip: 'All', words: null, status: undefined },
];

export const p6Inbox: Figure = {
  id: 'P6',
  async run({ quick }): Promise<FigureRow[]> {
    const queryRows = await p6TicketQuery.run({ quick });
    const searchRows = await p6InboxSearch({ quick });
    const bulkRows = await p6BulkClose({ quick });
    const [count, rounds] = quick ? [2_000, 3] : [10_000, 10];
    const browser = await launchChromium();
    const app = await openApp(browser, { keyStore: new SessionKeyStore('bench') });
    try {
      const profileId = 'bench-p6';
      fillTicketCache(app.services.db, profileId, count, Date.now());
      const repository = new TicketRepository(app.services.db);
      await app.page.reload();
      await app.page.getByRole('tab', { name: 'Chat' }).click();

      const firstRows: number[] = [];
      for (let round = 0; round < Math.max(3, Math.ceil(rounds / 2)); round += 1) firstRows.push(await timeFirstRows(app.page, 'Support', firstTicketRow));
      const endToEnd: number[] = [];
      for (let round = 0; round < rounds; round += 1) {
        for (const { chip, words } of filters) endToEnd.push(await timeFilter(app.page, chip, words));
      }
      const firstPageBare: number[] = [];
      const bare: number[] = [];
      for (let round = 0; round < rounds; round += 1) {
        let started = performance.now();
        repository.query(profileId, {}, 0, cachePageSize);
        firstPageBare.push(performance.now() - started);
        for (const { status } of filters) {
          started = performance.now();
          repository.query(profileId, { status }, 0, cachePageSize);
          bare.push(performance.now() - started);
        }
      }
      const label = `${count / 1000}k`;
      // The first open warms SQLite's cache and the bundle; the figure is a tab opened in a running app.
      return [
        ...queryRows,
        ...searchRows,
        ...bulkRows,
        row(`P6 inbox first rows painted after the tab opens, ${label} cached`, 'ms', p95(firstRows.slice(1)), p95(firstPageBare), { measuredBelow: 150 }),
        row(`P6 status filter p95 end to end vs bare SQLite, ${label}`, 'ms', p95(endToEnd.slice(filters.length)), p95(bare), { measuredBelow: 30 }),
      ];
    } finally {
      await app.close({ removeData: true });
      await browser.close();
    }
  },
};
