// P8, a long conversation (issue 29): a stored conversation of 5,000 messages (about 300k tokens of
// Markdown with code blocks and tables) opened from the Chat tab in the built renderer in Chromium:
// the click to its latest messages painted, the longest window task while it opens, while the user
// wheels from its bottom to its top and while a 20,000-chunk answer streams into it, and the window's
// JS heap after all that. The same figures for a 20-message conversation, each in a fresh window of
// the same run, are the baseline. The click to painted is also taken as the median of several fresh
// windows. The long conversation's figures are taken again with Chromium's CPU slowed as on a modest
// machine. Needs `electron-vite build` first (out/renderer).
import { longestTask, MODEST_MACHINE_SLOWDOWN, throttleCpu, watchLongTasks } from '../chromium-timing.ts';
import type { Browser, Page } from 'playwright-core';
import { SessionKeyStore } from '../../src-main/core/secrets/session-key-store.ts';
import { startSimulators, type Simulators } from '../../test/sim/index.ts';
import { openApp } from '../../test/support/app-harness.ts';
import type { AppUnderTest } from '../../test/support/app-harness.ts';
import { launchChromium } from '../../test/support/chromium.ts';
import { fillLongConversation } from '../../test/support/long-conversation.ts';
import { benchGatewayProfile } from '../bench-profiles.ts';
import { row } from '../figure.ts';
import type { Figure, FigureRow } from '../figure.ts';

const MB = 1024 * 1024;

interface Measured {
  openPaintedMs: number;
  openLongestTaskMs: number;
  scrollLongestTaskMs: number;
  streamLongestTaskMs: number;
  heapMb: number;
}

const nextFrame = (page: Page) => page.evaluate(() => new Promise<number>((resolve) => requestAnimationFrame(() => setTimeout(() => resolve(0)))));

/** The visible message list's scroll position and whether its first message is on screen. */
const listTop = (page: Page) =>
  page.evaluate(() => {
    const list = document.querySelector<HTMLElement>('[role="tabpanel"]:not([hidden]) [role="log"]')!;
    return { scrollTop: list.scrollTop, first: list.textContent?.includes('Question 0:') ?? false };
  });

/** From the click on the conversation in the Chat tab to its latest answer in the DOM, painted. */
async function timeOpen(page: Page, title: string, latest: string): Promise<number> {
  await page.evaluate((text) => {
    const holder = window as unknown as { __opened: Promise<number> };
    holder.__opened = new Promise((resolve, reject) => {
      const timeout = setTimeout(() => reject(new Error(`"${text}" never showed`)), 30_000);
      let started = 0;
      window.addEventListener('click', () => (started = performance.now()), { capture: true, once: true });
      const observer = new MutationObserver(() => {
        const list = document.querySelector('[role="tabpanel"]:not([hidden]) [role="log"]');
        if (!started || !list?.textContent?.includes(text)) return;
        observer.disconnect();
        clearTimeout(timeout);
        requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - started)));
      });
      observer.observe(document.body, { subtree: true, childList: true, characterData: true });
    });
  }, latest);
  await page.getByRole('tabpanel').getByRole('button', { name: new RegExp(`^${title}`) }).click();
  return page.evaluate(() => (window as unknown as { __opened: Promise<number> }).__opened);
}

/** The 20,000-chunk Markdown answer P1 streams: paragraphs with a code block every so often. */
function streamText(chunks: number): string {
  const paragraph = 'The firewall saw a **scan** from `203.0.113.7` on many ports. ';
  const code = '\n\n```ts\nconst blocked = await block("203.0.113.7");\n```\n\n';
  let text = '';
  while (text.length < chunks * 5) text += text.length % 2000 < 70 ? code : paragraph;
  return text.slice(0, chunks * 5);
}

interface Opened {
  app: AppUnderTest;
  title: string;
  latest: string;
}

/** A fresh window with a stored conversation of `count` messages listed in its Chat tab, not yet opened. */
async function windowWithConversation(browser: Browser, sims: Simulators, count: number): Promise<Opened> {
  const app = await openApp(browser, { keyStore: new SessionKeyStore('bench') });
  const profile = await app.services.profiles.save(benchGatewayProfile(sims));
  const title = `Bench conversation of ${count} messages`;
  fillLongConversation(app.services.db, { id: `p8-${count}`, count, title });
  app.services.chat.updateConversation(`p8-${count}`, { profileId: profile.id, model: 'gpt-4o-mini' });
  // The Chat view opens on the newest conversation: a newer short one, so that the click opens the measured one.
  fillLongConversation(app.services.db, { id: 'p8-newer', count: 2, title: 'A newer conversation' });
  app.services.db.prepare("UPDATE conversations SET updated_at = '9999-12-31T00:00:00.000Z' WHERE id = 'p8-newer'").run();
  const { page } = app;
  await page.reload();
  await page.getByRole('tab', { name: 'Chat' }).click();
  await page.getByRole('tabpanel').getByRole('button', { name: new RegExp(`^${title}`) }).waitFor();
  return { app, title, latest: `Answer ${Math.floor((count - 1) / 2)}.` };
}

/** The figures of one conversation in a fresh window, its CPU slowed `slowdown` times from the click on (1: not slowed). */
async function measure(browser: Browser, sims: Simulators, count: number, chunks: number, slowdown = 1): Promise<Measured> {
  const { app, title, latest } = await windowWithConversation(browser, sims, count);
  try {
    const { page } = app;
    const slowerForNow = slowdown === 1 ? null : await throttleCpu(page, slowdown);
    await watchLongTasks(page);
    const openPaintedMs = await timeOpen(page, title, latest);
    // What opening set going (pages read, rows measured) is part of opening.
    for (let frame = 0; frame < 20; frame += 1) await nextFrame(page);
    const openLongestTaskMs = await longestTask(page);

    const list = page.getByRole('tabpanel').getByRole('log', { name: 'Messages' });
    const box = (await list.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await watchLongTasks(page);
    for (let step = 0; step < 20_000; step += 1) {
      await page.mouse.wheel(0, -1000);
      await nextFrame(page);
      const { scrollTop, first } = await listTop(page);
      if (scrollTop === 0 && first) break;
    }
    const scrollLongestTaskMs = await longestTask(page);

    sims.gateway.setStreamShape({ text: streamText(chunks), deltaChars: 5, chunksPerWrite: 5, deltaIntervalMs: 1 });
    const panel = page.getByRole('tabpanel');
    await panel.getByRole('textbox', { name: 'Message', exact: true }).fill('Stream a long answer');
    await watchLongTasks(page);
    await panel.getByRole('button', { name: 'Send' }).click();
    await page.waitForFunction(() => document.querySelector('[role="tabpanel"]:not([hidden]) article[aria-busy="true"]') !== null, undefined, { polling: 'raf' });
    await page.waitForFunction(() => document.querySelector('[role="tabpanel"]:not([hidden]) article[aria-busy="true"]') === null, undefined, { polling: 'raf', timeout: 180_000 });
    const streamLongestTaskMs = await longestTask(page);
    sims.gateway.setStreamShape({});
    await slowerForNow?.();

    const cdp = await page.context().newCDPSession(page);
    await cdp.send('HeapProfiler.collectGarbage');
    const { usedSize } = await cdp.send('Runtime.getHeapUsage');
    return { openPaintedMs, openLongestTaskMs, scrollLongestTaskMs, streamLongestTaskMs, heapMb: usedSize / MB };
  } finally {
    await app.close({ removeData: true });
  }
}

/** Opens per size for the median row: single opens swing by half their time from one window to the next. */
const openSamples = 5;

/** The click to the latest messages painted, once in each of `openSamples` fresh windows per size, taken in turn. */
async function medianOpens(browser: Browser, sims: Simulators, counts: readonly number[]): Promise<number[]> {
  const samples = counts.map((): number[] => []);
  for (let round = 0; round < openSamples; round += 1) {
    for (const [at, count] of counts.entries()) {
      const { app, title, latest } = await windowWithConversation(browser, sims, count);
      try {
        samples[at]!.push(await timeOpen(app.page, title, latest));
      } finally {
        await app.close({ removeData: true });
      }
    }
  }
  return samples.map((times) => times.sort((a, b) => a - b)[Math.floor(times.length / 2)]!);
}

export const p8Conversation: Figure = {
  id: 'P8',
  async run({ quick }): Promise<FigureRow[]> {
    const count = quick ? 400 : 5_000;
    const chunks = quick ? 2_000 : 20_000;
    const sims = await startSimulators({ alertCount: 0 });
    const browser = await launchChromium();
    try {
      // The short one first and again last: the first window of a browser pays for its start.
      await measure(browser, sims, 20, chunks);
      const long = await measure(browser, sims, count, chunks);
      const short = await measure(browser, sims, 20, chunks);
      const [longOpenMs, shortOpenMs] = await medianOpens(browser, sims, [count, 20]);
      const slowed = await measure(browser, sims, count, chunks, MODEST_MACHINE_SLOWDOWN);
      const label = `${count.toLocaleString('en')} messages`;
      const baseline = 'baseline: the same for a 20-message conversation in a fresh window';
      const slower = `CPU ${MODEST_MACHINE_SLOWDOWN}× slower`;
      const throttledNote = 'Chromium\'s main thread slowed as Lighthouse\'s slow profile does (a modest laptop or a virtual desktop) from the click on; main runs at full speed';
      const longTasks = 'tasks over 50 ms only (longtask); 0: none';
      return [
        row(`P8 click to the latest messages painted, ${label}`, 'ms', long.openPaintedMs, short.openPaintedMs, { measuredBelow: 150, ratioAtMost: 1.5 }, baseline),
        row(`P8 click to the latest messages painted, ${label}, median of ${openSamples}`, 'ms', longOpenMs!, shortOpenMs!, { measuredBelow: 150, ratioAtMost: 1.5 }, `${baseline}; ${openSamples} fresh windows per size, taken in turn`),
        row(`P8 longest window task opening it, ${label}`, 'ms', long.openLongestTaskMs, short.openLongestTaskMs, { measuredBelow: 50 }, 'tasks over 50 ms only (longtask); 0: none'),
        row(`P8 longest window task wheeling bottom to top, ${label}`, 'ms', long.scrollLongestTaskMs, short.scrollLongestTaskMs, { measuredBelow: 50 }, 'tasks over 50 ms only (longtask); 0: none'),
        row(`P8 longest window task streaming a ${chunks.toLocaleString('en')}-chunk answer into it, ${label}`, 'ms', long.streamLongestTaskMs, short.streamLongestTaskMs, { measuredBelow: 50 }, 'tasks over 50 ms only (longtask); 0: none'),
        row(`P8 window JS heap after all that, ${label}`, 'MB', long.heapMb, short.heapMb, { measuredBelow: 150, ratioAtMost: 1.5 }, `${baseline}; after a collection`),
        row(`P8 click to the latest messages painted, ${label}, ${slower}`, 'ms', slowed.openPaintedMs, null, {}, `${throttledNote}; no target is set for it`),
        row(`P8 longest window task opening it, ${label}, ${slower}`, 'ms', slowed.openLongestTaskMs, null, { measuredBelow: 100 }, `${throttledNote}; ${longTasks}`),
        row(`P8 longest window task wheeling bottom to top, ${label}, ${slower}`, 'ms', slowed.scrollLongestTaskMs, null, { measuredBelow: 100 }, `${throttledNote}; ${longTasks}`),
        row(`P8 longest window task streaming a ${chunks.toLocaleString('en')}-chunk answer into it, ${label}, ${slower}`, 'ms', slowed.streamLongestTaskMs, null, { measuredBelow: 100 }, `${throttledNote}; ${longTasks}`),
      ];
    } finally {
      await browser.close();
      await sims.close();
    }
  },
};
