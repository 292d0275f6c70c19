// What core asks of the desktop it runs on, so that it raises a notification or opens a link
// without importing Electron: src-main/electron/platform.ts in the app, a recorder in tests.
export interface Platform {
  /**
   * Shows a desktop notification. `onRefused` is told when the system will not show it (no
   * notification service, or an unsigned macOS app, which the UNNotification API refuses).
   */
  notify(notification: { id: string; title: string; body: string }, onClick: () => void, onRefused: (reason: string) => void): void;
  setBadgeCount(count: number): void;
  /** Opens an http(s) link in the system browser, once the user has seen the whole address in a native prompt and agreed. */
  openExternal(url: string): Promise<void>;
  isFocused(): boolean;
  /** The user's preferred languages as the OS lists them (BCP 47, best first). */
  preferredLanguages(): readonly string[];
  /** The proxy the OS picks for this URL, PAC style ("DIRECT", "PROXY host:port; DIRECT"), or null when it cannot say. */
  resolveProxy: ResolveProxy;
  /** Asks the user where to save a file (the OS save dialog); null when they cancel. */
  chooseSavePath(options: SaveDialogOptions): Promise<string | null>;
  /** Asks the user for one existing file to open (the OS open dialog); null when they cancel. */
  chooseOpenPath(options: OpenDialogOptions): Promise<string | null>;
  /**
   * Prints a static HTML document (no script, nothing to fetch) to PDF with Chromium's own
   * printing, in a hidden page that is closed afterwards; answers the PDF's bytes.
   */
  printToPdf(html: string): Promise<Uint8Array>;
}

export interface OpenDialogOptions {
  title: string;
  filters: { name: string; extensions: string[] }[];
}

export interface SaveDialogOptions {
  title: string;
  defaultName: string;
  filters: { name: string; extensions: string[] }[];
}

export type ResolveProxy = (url: string) => Promise<string | null>;
