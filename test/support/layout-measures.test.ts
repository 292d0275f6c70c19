// The layout check `npm run screenshots` runs at every shot, on small pages in Debian's Chromium:
// each rule fires on a broken layout and stays quiet on the same layout done right, and on what a
// user does not see as broken (hidden, zero-size, visually hidden, scrolled, icon-only).
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { launchChromium } from './chromium.ts';
import { dialogFits, dialogFitScript, misfits } from './dialog-fit.ts';
import { layoutProblems } from './layout-measures.ts';

let browser: Browser;
let page: Page;
beforeAll(async () => {
  browser = await launchChromium();
  page = await browser.newPage({ viewport: { width: 800, height: 600 } });
});
afterAll(async () => {
  await browser.close();
});

/** What the check says of a page made of `body`, with the app's own kind of base style. */
async function problemsIn(body: string): Promise<string[]> {
  await page.setContent(`<!doctype html><html lang="zh-CN"><style>
    body { margin: 0; font: 14px sans-serif; }
    button, input, select { font: inherit; padding: 4px 8px; }
    .visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); white-space: nowrap; }
  </style><body>${body}</body></html>`);
  return layoutProblems(page);
}

describe('text wrapped one character a line', () => {
  test('a Chinese label in a grid cell narrower than two characters is found, its text named', async () => {
    const problems = await problemsIn('<div style="display:grid;grid-template-columns:10px 1fr"><span class="label">接收器</span><span>已开启</span></div>');
    expect(problems).toEqual([expect.stringMatching(/^one-character-lines: <span\.label>: "接收器" is wrapped one character a line \(3 lines/)]);
  });

  test('the same label in a cell wide enough, and a long sentence wrapped over many lines, are fine', async () => {
    expect(await problemsIn('<div style="display:grid;grid-template-columns:80px 1fr"><span>接收器</span><span>已开启</span></div>')).toEqual([]);
    expect(await problemsIn('<p style="width:60px">防火墙告警列表显示最近一小时内的全部告警</p>')).toEqual([]);
  });
});

describe('a control narrower than its own text', () => {
  test('a button squeezed below its label, a select below its option, a field below its placeholder and a date field below its fields are each found', async () => {
    const problems = await problemsIn(`
      <button style="width:40px;white-space:nowrap">Save changes</button>
      <select style="width:50px"><option>Every fifteen minutes</option></select>
      <input style="width:60px" placeholder="Search the knowledge base">
      <input type="date" style="width:70px">`);
    expect(problems).toEqual([
      expect.stringMatching(/^control-too-narrow: <button>: <button> "Save changes" is narrower than its text/),
      expect.stringMatching(/^control-too-narrow: <select>: .* is narrower than its option "Every fifteen minutes"/),
      expect.stringMatching(/^control-too-narrow: <input>: .* is narrower than its placeholder "Search the knowledge base"/),
      expect.stringMatching(/^control-too-narrow: <input>: .* is narrower than its date and time fields/),
    ]);
  });

  test('the same controls at their own width, a field whose typed text scrolls, and a label cut with an ellipsis are fine', async () => {
    expect(
      await problemsIn(`
        <button>Save changes</button>
        <select><option>Every fifteen minutes</option></select>
        <input style="width:240px" placeholder="Search the knowledge base">
        <input type="date">
        <input style="width:60px" value="a value much longer than the field">
        <button style="width:60px"><span style="display:block;overflow:hidden;white-space:nowrap;text-overflow:ellipsis">Branch office firewall</span></button>`),
    ).toEqual([]);
  });

  test('an icon-only button named by its aria-label has no text to measure', async () => {
    expect(await problemsIn('<button aria-label="Close the notification center" style="width:24px;padding:0"><svg width="16" height="16"><path d="M2 2l12 12"/></svg></button>')).toEqual([]);
  });
});

describe('a popup outside the window', () => {
  test('a menu and a tooltip that run past the window edge are found', async () => {
    const problems = await problemsIn(`
      <div role="menu" aria-label="Cell actions" style="position:fixed;left:700px;top:20px;width:200px;height:100px">Copy</div>
      <div role="tooltip" style="position:absolute;left:10px;top:580px;width:100px;height:40px">Last synced</div>`);
    expect(problems).toEqual([
      expect.stringMatching(/^popup-outside-window: <div\[role=menu\]>: the menu <div> "Cell actions" \(200×100 at 700,20\) is 100px outside the 800×600 window/),
      expect.stringMatching(/^popup-outside-window: <div\[role=tooltip\]>: the tooltip .* is 20px outside the 800×600 window/),
    ]);
  });

  test('a menu inside the window, and a list in the page taller than the window, are fine', async () => {
    expect(
      await problemsIn(`
        <div role="menu" style="position:fixed;left:580px;top:20px;width:200px;height:100px">Copy</div>
        <ul role="listbox" aria-label="Tickets" style="height:1200px"><li role="option">T-1</li></ul>`),
    ).toEqual([]);
  });
});

describe('text cut without an ellipsis', () => {
  test('a cell that hides its overflow cuts its text mid-word, and the cut is found', async () => {
    const problems = await problemsIn('<table><tr><td><div class="cell" style="width:60px;overflow:hidden;white-space:nowrap">203.0.113.200 blocked</div></td></tr></table>');
    expect(problems).toEqual([expect.stringMatching(/^text-cut: <div\.cell>: "203\.0\.113\.200 blocked" is cut at the edge of <div\.cell> .* without an ellipsis/)]);
  });

  test('a flex cell cuts its last chip mid-word whatever its text-overflow says, and the cut is found', async () => {
    const chips = '<span style="display:inline-block;padding:0 4px">blocked</span><span style="display:inline-block;padding:0 4px">alert source</span><span style="display:inline-block;padding:0 4px">special range</span>';
    const problems = await problemsIn(`<div class="standing" style="display:flex;width:150px;overflow:hidden;white-space:nowrap;text-overflow:ellipsis">${chips}</div>`);
    expect(problems).toEqual([expect.stringMatching(/^text-cut: <div\.standing>: "(alert source|special range)" is cut at the edge/)]);
    expect(await problemsIn(`<div style="width:150px;overflow:hidden;white-space:nowrap;text-overflow:ellipsis">${chips}</div>`)).toEqual([]);
  });

  test('the same cell with an ellipsis, one that scrolls, and one wide enough are fine', async () => {
    expect(
      await problemsIn(`
        <div style="width:60px;overflow:hidden;white-space:nowrap;text-overflow:ellipsis">203.0.113.200 blocked</div>
        <div style="width:60px;overflow-x:auto;white-space:nowrap">203.0.113.200 blocked</div>
        <div style="width:300px;overflow:hidden;white-space:nowrap">203.0.113.200 blocked</div>`),
    ).toEqual([]);
  });

  test('the rows of a list cut the same way are said once, with how many more', async () => {
    const row = '<div class="cell" style="width:40px;overflow:hidden;white-space:nowrap">198.51.100.7</div>';
    expect(await problemsIn(row.repeat(5))).toEqual([expect.stringMatching(/^text-cut: <div\.cell>: .* \(and 4 more like it\)$/)]);
  });
});

describe('what a user does not see is not measured', () => {
  const broken = '<span style="display:inline-block;width:8px">接收器</span><button style="width:30px;white-space:nowrap">Save changes</button>';

  test('the broken layout is found when shown, so the cases below prove the skipping', async () => {
    expect(await problemsIn(broken)).toHaveLength(2);
  });

  test('hidden, invisible and transparent boxes', async () => {
    expect(await problemsIn(`<div hidden>${broken}</div><div style="visibility:hidden">${broken}</div><div style="opacity:0">${broken}</div>`)).toEqual([]);
  });

  test('zero-size boxes', async () => {
    expect(await problemsIn(`<div style="width:0;height:0;overflow:hidden">${broken}</div><div style="height:0;overflow:hidden">${broken}</div>`)).toEqual([]);
  });

  test('visually hidden (sr-only) text for a screen reader', async () => {
    expect(await problemsIn(`<span class="visually-hidden">${broken}</span><caption class="visually-hidden">共 3 条告警</caption>`)).toEqual([]);
  });

  test('what is scrolled out of its scroll container is measured against it, and skipped', async () => {
    const problems = await problemsIn(`<div style="height:100px;overflow:auto"><div style="height:400px"></div>${broken}</div>`);
    expect(problems).toEqual([]);
    await page.evaluate(() => document.querySelector('div')!.scrollTo(0, 400));
    expect(await layoutProblems(page)).toHaveLength(2);
  });
});

test('dialog-fit, which measures every e2e dialog with the same functions, still finds a dialog wider than the window and one that fits', async () => {
  const watched = await browser.newPage({ viewport: { width: 800, height: 600 } });
  await watched.setContent('<!doctype html><body></body>');
  await watched.evaluate(dialogFitScript);
  await watched.evaluate(() => {
    document.body.innerHTML = `
      <div role="dialog" aria-label="Too wide" style="position:fixed;left:0;top:0;width:900px;height:100px">Add connection</div>
      <div role="dialog" aria-label="Fits" style="position:fixed;left:0;top:200px;width:300px;height:100px">Unblock</div>`;
  });
  await expect.poll(async () => (await dialogFits(watched)).length).toBe(2);
  expect(misfits(await dialogFits(watched))).toEqual(['Too wide: the dialog (900×100) is outside the 800×600 window']);
  await watched.close();
});
