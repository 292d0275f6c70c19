// The Electron side of printing a case's timeline (src-main/electron/print-to-pdf.ts), with the
// `electron` module stood in for: a hidden window with scripts off on a session of its own that
// loads nothing but the page, Chromium's printToPDF, and the window and its file gone afterwards,
// also when printing fails.
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { beforeEach, describe, expect, test, vi } from 'vitest';

const electron = vi.hoisted(() => ({
  windows: [] as { options: { show?: boolean; webPreferences?: Record<string, unknown> }; loaded: string | null; pageText: string | null; loadedAllowed: boolean | null; destroyed: boolean }[],
  requestFilter: null as ((details: { url: string }, callback: (answer: { cancel: boolean }) => void) => void) | null,
  partitions: [] as string[],
  permission: null as ((contents: unknown, permission: string, callback: (granted: boolean) => void) => void) | null,
  printFails: false,
}));

vi.mock('electron', () => ({
  session: {
    fromPartition: (partition: string) => {
      electron.partitions.push(partition);
      return {
        webRequest: { onBeforeRequest: (_filter: unknown, listener: typeof electron.requestFilter) => (electron.requestFilter = listener) },
        setPermissionRequestHandler: (handler: typeof electron.permission) => (electron.permission = handler),
        setPermissionCheckHandler: () => {},
      };
    },
  },
  BrowserWindow: class {
    record: (typeof electron.windows)[number];
    constructor(options: (typeof electron.windows)[number]['options']) {
      this.record = { options, loaded: null, pageText: null, loadedAllowed: null, destroyed: false };
      electron.windows.push(this.record);
    }
    async loadURL(url: string) {
      this.record.loaded = url;
      electron.requestFilter!({ url }, ({ cancel }) => (this.record.loadedAllowed = !cancel));
      this.record.pageText = readFileSync(fileURLToPath(url), 'utf8');
    }
    webContents = {
      printToPDF: async () => {
        if (electron.printFails) throw new Error('printing failed');
        return Buffer.from('%PDF-1.7 fake');
      },
    };
    destroy() {
      this.record.destroyed = true;
    }
  },
}));

const { printHtmlToPdf } = await import('../../src-main/electron/print-to-pdf.ts');

const allowed = (url: string) => new Promise<boolean>((resolve) => electron.requestFilter!({ url }, ({ cancel }) => resolve(!cancel)));

beforeEach(() => {
  electron.windows.length = 0;
  electron.printFails = false;
});

describe('printing a page to PDF', () => {
  test('in a hidden, sandboxed window with scripts off, on a session that loads only the page; the window and its file go afterwards', async () => {
    const pdf = await printHtmlToPdf('<!doctype html><title>Case #1</title><p>Timeline</p>');
    expect(Buffer.from(pdf).toString()).toBe('%PDF-1.7 fake');
    const [window] = electron.windows;
    expect(window!.options.show).toBe(false);
    expect(window!.options.webPreferences).toMatchObject({ sandbox: true, contextIsolation: true, nodeIntegration: false, javascript: false });
    expect(window!.pageText).toBe('<!doctype html><title>Case #1</title><p>Timeline</p>');
    expect(window!.loadedAllowed).toBe(true);
    expect(window!.destroyed).toBe(true);
    expect(existsSync(fileURLToPath(window!.loaded!))).toBe(false);
    expect(electron.partitions).toEqual(['opsdesk-print']);
    // Once printed, not even its own page loads again; nothing else ever does.
    expect(await allowed(window!.loaded!)).toBe(false);
    expect(await allowed('https://tracker.example/x.png')).toBe(false);
    expect(await new Promise((resolve) => electron.permission!(null, 'media', resolve))).toBe(false);
  });

  test('a failed print still closes the window and removes the file', async () => {
    electron.printFails = true;
    await expect(printHtmlToPdf('<p>x</p>')).rejects.toThrow('printing failed');
    const [window] = electron.windows;
    expect(window!.destroyed).toBe(true);
    expect(existsSync(fileURLToPath(window!.loaded!))).toBe(false);
  });
});
