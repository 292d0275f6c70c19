import { randomUUID } from 'node:crypto';
import { rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { BrowserWindow, session } from 'electron';

/** An in-memory session of its own: what is printed shares no cookie, cache or permission with the app's window. */
const PRINT_PARTITION = 'opsdesk-print';

/** The pages being printed now: the only addresses the print session loads. */
const printing = new Set<string>();
let sessionReady = false;

function printSession(): Electron.Session {
  const printSession = session.fromPartition(PRINT_PARTITION);
  if (!sessionReady) {
    // Nothing but the page itself: no network, no other file, whatever the document names.
    printSession.webRequest.onBeforeRequest({ urls: ['<all_urls>'] }, ({ url }, callback) => callback({ cancel: !printing.has(url) }));
    printSession.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
    printSession.setPermissionCheckHandler(() => false);
    sessionReady = true;
  }
  return printSession;
}

/**
 * Chromium's own printing of a static page, in a hidden window with scripts off that is destroyed
 * afterwards. The page goes through a file of its own, not a data: URL: a case of ten thousand
 * events is megabytes, past what Chromium takes in one address.
 */
export async function printHtmlToPdf(html: string): Promise<Uint8Array> {
  const file = path.join(tmpdir(), `opsdesk-print-${randomUUID()}.html`);
  const url = pathToFileURL(file).href;
  await writeFile(file, html, { encoding: 'utf8', mode: 0o600 });
  printing.add(url);
  const window = new BrowserWindow({
    show: false,
    webPreferences: { session: printSession(), sandbox: true, contextIsolation: true, nodeIntegration: false, javascript: false, webSecurity: true, spellcheck: false, webviewTag: false },
  });
  try {
    await window.loadURL(url);
    // The page's own @page rule sets the paper and margins.
    return new Uint8Array(await window.webContents.printToPDF({ printBackground: true, preferCSSPageSize: true }));
  } finally {
    printing.delete(url);
    window.destroy();
    await rm(file, { force: true });
  }
}
