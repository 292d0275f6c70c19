// Every dialog the window opens, in any e2e test, is measured against its own box and the window,
// and every menu against the window:
// the harness installs this in each page, so a dialog added later is checked without being listed.
// The measuring functions are the layout check's (`layout-measures.ts`).
import type { Page } from 'playwright-core';
import { pageLayout, type PageLayout } from './layout-measures.ts';

/** What was wrong with one dialog the last time it was measured; nothing when it fit. */
export interface DialogFit {
  label: string;
  problems: string[];
}

declare global {
  interface Window {
    __opsdeskDialogFits?: Record<string, string[]>;
  }
}

/**
 * Runs in the page before the app. A dialog is a `<dialog open>` or an element with role="dialog";
 * it is measured when it appears and again after anything inside it changes, so the last
 * measurement is of what the user was left looking at.
 */
function watchDialogs({ slack, describe, shown, clips, outsideWindow, popupOf }: PageLayout): void {
  const fits: Record<string, string[]> = {};
  window.__opsdeskDialogFits = fits;

  const measure = (dialog: Element): string[] => {
    const problems: string[] = [];
    const box = dialog.getBoundingClientRect();
    if (outsideWindow(box)) {
      problems.push(`the dialog (${Math.round(box.width)}×${Math.round(box.height)}) is outside the ${innerWidth}×${innerHeight} window`);
    }
    if (dialog.scrollWidth > dialog.clientWidth + slack) problems.push(`its content is ${dialog.scrollWidth - dialog.clientWidth}px wider than the dialog`);
    const walk = (parent: Element, frame: DOMRect) => {
      for (const child of Array.from(parent.children)) {
        if (!shown(child)) continue;
        const rect = child.getBoundingClientRect();
        // The outermost element that sticks out is the one to fix; what it holds sticks out with it.
        if (rect.left < frame.left - slack || rect.right > frame.right + slack) {
          problems.push(`${describe(child)} sticks out of its box by ${Math.round(Math.max(frame.left - rect.left, rect.right - frame.right))}px`);
          continue;
        }
        const isControl = child.matches('button, label, h2, h3, [role="tab"], legend');
        if (isControl && child.scrollWidth > child.clientWidth + slack && child.clientWidth > 0) problems.push(`${describe(child)} is cut (${child.scrollWidth}px of text in ${child.clientWidth}px)`);
        if (!clips(child)) walk(child, frame);
        // A field scrolls its own text as the caret moves (and Chromium's number field measures its spin buttons as content).
        else if (!child.matches('input, textarea, select') && child.scrollWidth > child.clientWidth + slack && !/(auto|scroll)/.test(getComputedStyle(child).overflowX)) problems.push(`${describe(child)} hides ${child.scrollWidth - child.clientWidth}px of its content`);
      }
    };
    walk(dialog, box);
    // The button that does what the dialog is for stays in sight, however long the dialog's body.
    for (const main of Array.from(dialog.querySelectorAll('.button-primary, .button-danger, button[type="submit"]'))) {
      if (!shown(main)) continue;
      const rect = main.getBoundingClientRect();
      if (rect.top < box.top - slack || rect.bottom > Math.min(box.bottom, innerHeight) + slack) problems.push(`the main button ${describe(main)} is out of sight`);
    }
    return problems;
  };

  const labelOf = (dialog: Element) => dialog.getAttribute('aria-label') ?? dialog.querySelector('h2')?.textContent ?? '(unnamed dialog)';
  let scheduled = false;
  const measureAll = () => {
    scheduled = false;
    for (const dialog of Array.from(document.querySelectorAll('dialog[open], [role="dialog"]'))) {
      if (shown(dialog)) fits[labelOf(dialog)] = measure(dialog);
    }
    // A menu or list that pops up is measured against the window only: it may scroll inside. A list in the page is the page's.
    for (const menu of Array.from(document.querySelectorAll('[role="menu"], [role="listbox"]'))) {
      const popup = popupOf(menu);
      if (!popup || !shown(popup)) continue;
      const box = popup.getBoundingClientRect();
      fits[`menu ${labelOf(menu)}`] = outsideWindow(box) ? [`the menu (${Math.round(box.width)}×${Math.round(box.height)} at ${Math.round(box.left)},${Math.round(box.top)}) is outside the ${innerWidth}×${innerHeight} window`] : [];
    }
  };
  // After layout and the fonts, not in the middle of a React commit.
  const schedule = () => {
    if (scheduled) return;
    scheduled = true;
    requestAnimationFrame(() => requestAnimationFrame(measureAll));
  };
  new MutationObserver(schedule).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
  addEventListener('resize', schedule);
}

export const dialogFitScript = `(${watchDialogs.toString()})((${pageLayout.toString()})());`;

/** Every dialog the page has shown since it loaded, with what did not fit the last time it was measured. */
export async function dialogFits(page: Page): Promise<DialogFit[]> {
  if (page.isClosed()) return [];
  const fits = await page.evaluate(() => window.__opsdeskDialogFits ?? {}).catch(() => ({}) as Record<string, string[]>);
  return Object.entries(fits).map(([label, problems]) => ({ label, problems }));
}

/** The dialogs that did not fit, as one message a failing test prints. */
export function misfits(fits: DialogFit[]): string[] {
  return fits.filter((fit) => fit.problems.length > 0).map((fit) => `${fit.label}: ${fit.problems.join('; ')}`);
}
