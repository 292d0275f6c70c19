import type { OpenDialogOptions, Platform, SaveDialogOptions } from '../../src-main/core/platform.ts';

export interface RecordedNotification {
  id: string;
  title: string;
  body: string;
}

/** The desktop for tests: records what would be shown or opened, and lets a test click a notification. */
export class RecordingPlatform implements Platform {
  readonly notifications: RecordedNotification[] = [];
  readonly openedUrls: string[] = [];
  badgeCount = 0;
  focused = true;
  /** What the OS would list as the user's languages. */
  languages: string[] = ['en-US'];
  /** Set to a reason to act as a system that refuses desktop notifications (an unsigned macOS app). */
  refuseNotifications: string | null = null;
  readonly #clickHandlers = new Map<string, () => void>();

  notify(notification: RecordedNotification, onClick: () => void, onRefused: (reason: string) => void): void {
    if (this.refuseNotifications !== null) {
      onRefused(this.refuseNotifications);
      return;
    }
    this.notifications.push({ ...notification });
    this.#clickHandlers.set(notification.id, onClick);
  }

  setBadgeCount(count: number): void {
    this.badgeCount = count;
  }

  async openExternal(url: string): Promise<void> {
    this.openedUrls.push(url);
  }

  isFocused(): boolean {
    return this.focused;
  }

  preferredLanguages(): readonly string[] {
    return this.languages;
  }

  /** What the OS would answer for a URL; null (the default) is plain Node, where the environment decides. */
  proxyFor: (url: string) => string | null = () => null;
  readonly proxyQueries: string[] = [];

  async resolveProxy(url: string): Promise<string | null> {
    this.proxyQueries.push(url);
    return this.proxyFor(url);
  }

  /** Where the save dialog "saves": a test sets a path, or null to cancel. */
  savePath: string | null = null;
  readonly saveDialogs: SaveDialogOptions[] = [];

  async chooseSavePath(options: SaveDialogOptions): Promise<string | null> {
    this.saveDialogs.push(options);
    return this.savePath;
  }

  /** Which file the open dialog "picks": a test sets a path, or null to cancel. */
  openPath: string | null = null;
  readonly openDialogs: OpenDialogOptions[] = [];

  async chooseOpenPath(options: OpenDialogOptions): Promise<string | null> {
    this.openDialogs.push(options);
    return this.openPath;
  }

  /** Chromium's printing as the e2e harness gives it (Playwright's `page.pdf()`); a test without a browser has none. */
  printer: ((html: string) => Promise<Uint8Array>) | null = null;
  readonly printed: string[] = [];

  async printToPdf(html: string): Promise<Uint8Array> {
    if (!this.printer) throw new Error('this test gave the platform no printer');
    this.printed.push(html);
    return this.printer(html);
  }

  /** As the user clicking the notification shown with this id; fails if none was. */
  click(id: string): void {
    const onClick = this.#clickHandlers.get(id);
    if (!onClick) throw new Error(`no notification ${id} was shown`);
    onClick();
  }
}
