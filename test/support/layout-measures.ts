// What a user would see as a broken layout, measured in the page: text wrapped one character a
// line, a control narrower than its own text, a popup outside the window, text cut without an
// ellipsis. `dialog-fit.ts` measures dialogs with the same functions; `npm run screenshots` runs
// every rule at every shot. The functions run in the page, so `pageLayout` is sent as its source:
// nothing in it may refer to anything outside it.
import type { Page } from 'playwright-core';

/** One thing wrong on the page: which rule, where (the same for every row of a list), and what. */
export interface LayoutProblem {
  rule: 'one-character-lines' | 'control-too-narrow' | 'popup-outside-window' | 'text-cut';
  where: string;
  problem: string;
}

/** The page-side measurements `pageLayout()` returns. */
export interface PageLayout {
  /** Pixels a measurement may be off by (sub-pixel layout and rounding). */
  slack: number;
  describe(element: Element): string;
  shown(element: Element): boolean;
  /** A box that scrolls or clips its content horizontally. */
  clips(element: Element): boolean;
  outsideWindow(box: DOMRect): boolean;
  /** The box a menu or list pops up in (it, or a box just around it, taken out of the flow); none for a list in the page. */
  popupOf(element: Element): Element | null;
  problems(): LayoutProblem[];
}

/**
 * Runs in the page. Hidden, zero-size and visually hidden (`sr-only`) elements are skipped, and so
 * is what is scrolled or clipped out of sight: an element is measured against the boxes that clip
 * it (its scroll container), not the window.
 */
export function pageLayout(): PageLayout {
  const slack = 1;
  const describe = (element: Element) => {
    const text = (element.getAttribute('aria-label') ?? element.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
    return `<${element.tagName.toLowerCase()}${element.className && typeof element.className === 'string' ? `.${element.className.split(' ')[0]}` : ''}> "${text}"`;
  };
  const shown = (element: Element) => {
    const rect = element.getBoundingClientRect();
    return rect.width > 0 && rect.height > 0 && getComputedStyle(element).visibility !== 'hidden';
  };
  const clips = (element: Element) => /(auto|scroll|hidden|clip)/.test(getComputedStyle(element).overflowX);
  const outsideWindow = (box: DOMRect) => box.left < -slack || box.top < -slack || box.right > innerWidth + slack || box.bottom > innerHeight + slack;
  const popupOf = (element: Element): Element | null => {
    for (let at: Element | null = element, depth = 0; at && depth < 4; at = at.parentElement, depth += 1) {
      if (/^(fixed|absolute)$/.test(getComputedStyle(at).position)) return at;
    }
    return null;
  };

  /** Whether a user sees any of an element: its box cut by the window and by every box that clips it. */
  const inSight = (element: Element) => {
    if (!shown(element) || !element.checkVisibility({ opacityProperty: true, visibilityProperty: true })) return false;
    const rect = element.getBoundingClientRect();
    let [left, top, right, bottom] = [Math.max(rect.left, 0), Math.max(rect.top, 0), Math.min(rect.right, innerWidth), Math.min(rect.bottom, innerHeight)];
    // Only the boxes between an element and its containing block's chain clip it: an absolute one escapes static parents, a fixed one all of them.
    let position = getComputedStyle(element).position;
    for (let at = element.parentElement; at && position !== 'fixed'; at = at.parentElement) {
      const style = getComputedStyle(at);
      if (style.clipPath.startsWith('inset(50%') || style.clip.startsWith('rect(0')) return false;
      if (position === 'absolute' && style.position === 'static' && style.transform === 'none') continue;
      const box = at.getBoundingClientRect();
      if (style.overflowX !== 'visible') [left, right] = [Math.max(left, box.left), Math.min(right, box.right)];
      if (style.overflowY !== 'visible') [top, bottom] = [Math.max(top, box.top), Math.min(bottom, box.bottom)];
      position = style.position;
    }
    // A visually hidden box is a pixel square: nothing of it is read on the screen.
    return right - left > slack && bottom - top > slack;
  };

  /** Where an element is, in words: its tag and class inside the nearest named region, dialog or tab. */
  const whereIs = (element: Element) => {
    const region = element.parentElement?.closest('[role="dialog"], dialog, [role="region"], [role="tabpanel"], [role="complementary"], [role="navigation"], [role="form"], section[aria-label], aside[aria-label], nav[aria-label], form[aria-label]');
    const name = region && (region.getAttribute('aria-label') ?? document.getElementById(region.getAttribute('aria-labelledby') ?? '')?.textContent ?? '');
    const role = element.getAttribute('role');
    const tag = `<${element.tagName.toLowerCase()}${element.className && typeof element.className === 'string' ? `.${element.className.trim().split(/\s+/).join('.')}` : ''}${role ? `[role=${role}]` : ''}>`;
    return region ? `${tag} in ${region.getAttribute('role') ?? region.tagName.toLowerCase()} "${name?.trim().slice(0, 40)}"` : tag;
  };
  const quote = (text: string) => `"${text.trim().replace(/\s+/g, ' ').slice(0, 40)}"`;
  const ownText = (element: Element) => Array.from(element.childNodes).filter((node): node is Text => node instanceof Text && node.data.trim() !== '');
  const textRects = (node: Text) => {
    const range = document.createRange();
    range.selectNodeContents(node);
    return Array.from(range.getClientRects()).filter((rect) => rect.width > 0 && rect.height > 0);
  };
  /** A flex or grid box draws no ellipsis whatever its text-overflow: its items are cut as they are. */
  const ellipsises = (style: CSSStyleDeclaration) => style.textOverflow === 'ellipsis' && !/(flex|grid)/.test(style.display);
  /** Where the rendered text inside `element` reaches, left and right. */
  const textExtent = (element: Element) => {
    let [left, right] = [Infinity, -Infinity];
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
      const parent = node.parentElement;
      if (!parent || node.data.trim() === '' || !shown(parent)) continue;
      // Text an ellipsis cuts says it is cut; its box is measured against the control instead.
      let ellipsised: Element | null = null;
      for (let at: Element | null = parent; at && at !== element && !ellipsised; at = at.parentElement) {
        if (ellipsises(getComputedStyle(at)) && clips(at)) ellipsised = at;
      }
      const rects = ellipsised ? [ellipsised.getBoundingClientRect()] : textRects(node);
      for (const rect of rects) [left, right] = [Math.min(left, rect.left), Math.max(right, rect.right)];
    }
    return { left, right };
  };
  let canvas: CanvasRenderingContext2D | null = null;
  const textWidth = (text: string, style: CSSStyleDeclaration) => {
    canvas ??= document.createElement('canvas').getContext('2d');
    if (!canvas) return 0;
    canvas.font = style.font;
    return canvas.measureText(text).width;
  };
  const padding = (style: CSSStyleDeclaration) => parseFloat(style.paddingLeft) + parseFloat(style.paddingRight);

  const problems: LayoutProblem[] = [];
  const report = (rule: LayoutProblem['rule'], element: Element, problem: string) => problems.push({ rule, where: whereIs(element), problem });

  /** 1. Each line holds one character: a label squeezed into a cell narrower than a character or two. */
  const oneCharacterLines = (element: Element) => {
    const nodes = ownText(element);
    const characters = nodes.reduce((count, node) => count + Array.from(node.data.replace(/\s/g, '')).length, 0);
    if (characters < 2) return;
    const tops = nodes.flatMap(textRects).sort((a, b) => a.top - b.top);
    let lines = 0;
    let lastTop = -Infinity;
    for (const rect of tops) {
      if (rect.top >= lastTop + rect.height / 2) lines += 1;
      lastTop = Math.max(lastTop, rect.top);
    }
    if (lines >= 2 && characters <= lines) {
      report('one-character-lines', element, `${quote(element.textContent ?? '')} is wrapped one character a line (${lines} lines, ${Math.round(element.getBoundingClientRect().width)}px wide)`);
    }
  };

  /** 2. A button, field or select narrower than the text it shows: the text is cut or spills out. */
  const controlTooNarrow = (control: HTMLElement) => {
    const style = getComputedStyle(control);
    const rect = control.getBoundingClientRect();
    const inner = { left: rect.left + parseFloat(style.borderLeftWidth), right: rect.right - parseFloat(style.borderRightWidth) };
    const available = control.clientWidth - padding(style);
    const cut = (what: string, needs: number, has: number) =>
      report('control-too-narrow', control, `${describe(control)} is narrower than its ${what} (${Math.round(needs)}px of it in ${Math.round(has)}px)`);
    if (control instanceof HTMLButtonElement) {
      // An icon button is named by its aria-label; it shows no text to cut.
      if ((control.textContent ?? '').trim() === '' || (ellipsises(style) && clips(control))) return;
      const extent = textExtent(control);
      if (extent.left < inner.left - slack || extent.right > inner.right + slack) cut('text', extent.right - extent.left, inner.right - inner.left);
    } else if (control instanceof HTMLSelectElement) {
      if (control.multiple || control.size > 1) return;
      const text = control.selectedOptions[0]?.text ?? '';
      // Chromium draws its arrow inside the padding box, about 20px; a select with appearance none draws its own in its padding.
      const arrow = style.appearance === 'none' ? 0 : 16;
      const needs = textWidth(text, style);
      if (needs > available - arrow + slack) cut(`option ${quote(text)}`, needs, available - arrow);
    } else if (control instanceof HTMLInputElement) {
      if (/^(date|time|datetime-local|month|week)$/.test(control.type)) {
        // Its fields are the browser's: measured by a copy of it at its own width.
        const copy = control.cloneNode(false) as HTMLInputElement;
        copy.style.cssText = 'position:absolute;visibility:hidden;width:auto;min-width:0;max-width:none;flex:none';
        control.parentElement?.append(copy);
        const needs = copy.offsetWidth;
        copy.remove();
        if (needs > rect.width + slack) cut('date and time fields', needs, rect.width);
      } else if (/^(submit|button|reset)$/.test(control.type)) {
        const needs = textWidth(control.value, style);
        if (needs > available + slack) cut(`text ${quote(control.value)}`, needs, available);
      } else if (control.value === '' && control.placeholder !== '' && !/^(checkbox|radio|range|color|file|hidden|image)$/.test(control.type)) {
        const needs = textWidth(control.placeholder, style);
        if (needs > available + slack) cut(`placeholder ${quote(control.placeholder)}`, needs, available);
      }
    } else if (control instanceof HTMLTextAreaElement && control.value === '' && control.placeholder !== '') {
      // A placeholder wraps at its spaces; only a word longer than the box is cut.
      const word = control.placeholder.split(/\s+/).reduce((longest, next) => (textWidth(next, style) > textWidth(longest, style) ? next : longest), '');
      const needs = textWidth(word, style);
      if (needs > available + slack) cut(`placeholder's word ${quote(word)}`, needs, available);
    }
  };

  /** 3. A popup measured against the window only: it may scroll inside, but none of it may be off screen. */
  const popupOutsideWindow = () => {
    const seen = new Set<Element>();
    for (const popup of Array.from(document.querySelectorAll('[role="menu"], [role="listbox"], [role="dialog"], [role="alertdialog"], [role="tooltip"], dialog[open], [popover]'))) {
      const box = popupOf(popup);
      if (!box || seen.has(box) || !shown(box) || (popup.matches('[popover]') && !popup.matches(':popover-open'))) continue;
      seen.add(box);
      const rect = box.getBoundingClientRect();
      if (!outsideWindow(rect)) continue;
      const beyond = Math.max(-rect.left, -rect.top, rect.right - innerWidth, rect.bottom - innerHeight);
      const kind = popup.getAttribute('role') ?? popup.tagName.toLowerCase();
      report('popup-outside-window', popup, `the ${kind} ${describe(popup)} (${Math.round(rect.width)}×${Math.round(rect.height)} at ${Math.round(rect.left)},${Math.round(rect.top)}) is ${Math.round(beyond)}px outside the ${innerWidth}×${innerHeight} window`);
    }
  };

  /** 4. Text cut at the edge of a box that hides its overflow and says nothing of it (no ellipsis). A box that scrolls shows the rest. */
  const textCut = (box: HTMLElement) => {
    const style = getComputedStyle(box);
    if (!/^(hidden|clip)$/.test(style.overflowX) || ellipsises(style) || box.scrollWidth <= box.clientWidth + slack) return;
    const rect = box.getBoundingClientRect();
    const [left, right] = [rect.left + parseFloat(style.borderLeftWidth), rect.right - parseFloat(style.borderRightWidth)];
    const walker = document.createTreeWalker(box, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
      const parent = node.parentElement;
      if (!parent || node.data.trim() === '' || parent.closest('svg')) continue;
      // A box inside that clips or scrolls is measured on its own.
      let inner = false;
      for (let at: Element | null = parent; at && at !== box; at = at.parentElement) if (clips(at) || !shown(at)) inner = true;
      if (inner) continue;
      // Text wholly outside is put away on purpose (a drawer slid out); text across the edge is cut.
      const across = textRects(node).some((text) => (text.left < left - slack && text.right > left + slack) || (text.left < right - slack && text.right > right + slack));
      if (across) {
        report('text-cut', box, `${quote(node.data)} is cut at the edge of ${describe(box)} (${box.scrollWidth}px of content in ${box.clientWidth}px) without an ellipsis`);
        return;
      }
    }
  };

  return {
    slack,
    describe,
    shown,
    clips,
    outsideWindow,
    popupOf,
    problems() {
      problems.length = 0;
      for (const element of Array.from(document.body.querySelectorAll('*'))) {
        if (!(element instanceof HTMLElement) || !inSight(element)) continue;
        const isControl = element.matches('button, input, select, textarea');
        if (isControl) controlTooNarrow(element);
        else {
          oneCharacterLines(element);
          textCut(element);
        }
      }
      popupOutsideWindow();
      return [...problems];
    },
  };
}

/** Every layout problem on the page as it is now, the same kind in the same place said once with how many more. */
export async function layoutProblems(page: Page): Promise<string[]> {
  const found = await page.evaluate(`(${pageLayout.toString()})().problems()`) as LayoutProblem[];
  const byPlace = new Map<string, LayoutProblem[]>();
  for (const problem of found) {
    // Rows of a list differ only in their words and sizes.
    const key = `${problem.rule} ${problem.where} ${problem.problem.replace(/"[^"]*"/g, '"…"').replace(/\d+/g, 'N')}`;
    byPlace.set(key, [...(byPlace.get(key) ?? []), problem]);
  }
  return [...byPlace.values()].map(([first, ...others]) => `${first!.rule}: ${first!.where}: ${first!.problem}${others.length > 0 ? ` (and ${others.length} more like it)` : ''}`);
}
