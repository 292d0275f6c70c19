import type { Browser } from 'playwright-core';

/**
 * Chromium's own printing for the desktop port in tests (Electron's `printToPDF` there): the page
 * in a context of its own with scripts off and every request refused, printed with `page.pdf()`.
 */
export function chromiumPrinter(browser: Browser): (html: string) => Promise<Uint8Array> {
  return async (html) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    try {
      await context.route('**/*', (route) => route.abort('blockedbyclient'));
      const page = await context.newPage();
      await page.setContent(html, { waitUntil: 'load' });
      return new Uint8Array(await page.pdf({ preferCSSPageSize: true, printBackground: true }));
    } finally {
      await context.close();
    }
  };
}
