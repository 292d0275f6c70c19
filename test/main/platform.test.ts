import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, test, vi } from 'vitest';

/** Electron cannot run here; this stands in for the parts of its API the platform touches. */
const electron = vi.hoisted(() => ({
  notifications: [] as { options: { id: string; title: string; body: string; toastXml?: string }; handlers: Map<string, (...args: unknown[]) => void>; shown: boolean; closed: boolean }[],
  /** What Windows reports through Notification.handleActivation, once a handler is registered. */
  activation: null as ((details: { type: string; arguments: string }) => void) | null,
  badge: [] as number[],
  opened: [] as string[],
  focused: null as object | null,
  window: { isMinimized: () => true, restore: vi.fn(), focus: vi.fn() },
  /** The button the user picks in the next link prompt: 0 Cancel, 1 Open in Browser. */
  answer: 1,
  prompts: [] as { parent: unknown; detail: string; message: string; buttons: string[] }[],
  openDialogs: [] as { parent: unknown; options: unknown }[],
  openAnswer: { canceled: false, filePaths: ['/home/analyst/call.wav'] } as { canceled: boolean; filePaths: string[] },
  /** The order of Notification's static calls: Windows receives an earlier run's click only once its machinery started. */
  order: [] as string[],
  /** What macOS still shows in its Notification Center from earlier runs (Notification.getHistory). */
  history: [] as { options: { id: string }; id: string; handlers: Map<string, (...args: unknown[]) => void> }[],
}));

vi.mock('electron', () => ({
  Notification: class {
    static supported = true;
    static isSupported() {
      electron.order.push('isSupported');
      return this.supported;
    }
    static handleActivation(callback: (details: { type: string; arguments: string }) => void) {
      electron.order.push('handleActivation');
      electron.activation = callback;
    }
    static async getHistory() {
      return electron.history;
    }
    get id() {
      return this.options.id;
    }
    handlers = new Map<string, (...args: unknown[]) => void>();
    shown = false;
    closed = false;
    options: { id: string; title: string; body: string };
    constructor(options: { id: string; title: string; body: string }) {
      this.options = options;
      electron.notifications.push(this);
    }
    on(event: string, handler: (...args: unknown[]) => void) {
      this.handlers.set(event, handler);
    }
    show() {
      this.shown = true;
    }
    close() {
      this.closed = true;
    }
  },
  app: { setBadgeCount: (count: number) => electron.badge.push(count), getPreferredSystemLanguages: () => ['zh-Hans-CN', 'en-US'] },
  dialog: {
    showOpenDialog: async (...args: unknown[]) => {
      electron.openDialogs.push({ parent: args.length > 1 ? args[0] : null, options: args.at(-1) });
      return electron.openAnswer;
    },
    showMessageBox: async (...args: unknown[]) => {
      const options = args.at(-1) as { detail: string; message: string; buttons: string[] };
      electron.prompts.push({ parent: args.length > 1 ? args[0] : null, ...options });
      return { response: electron.answer };
    },
  },
  shell: { openExternal: async (url: string) => void electron.opened.push(url) },
  BrowserWindow: { getAllWindows: () => [electron.window], getFocusedWindow: () => electron.focused },
  session: { defaultSession: { resolveProxy: async (url: string) => (url.startsWith('https://intranet.') ? 'DIRECT' : 'PROXY proxy.corp:8080') } },
}));

const { createElectronPlatform, KEPT_NOTIFICATIONS } = await import('../../src-main/electron/platform.ts');
const { createTranslator } = await import('../../src-shared/i18n/translator.ts');
const english = createTranslator('en');
// Not openTestServices: these run the services on the Electron platform (over the mocked electron), not the recording one.
const { createAppServices } = await import('../../src-main/core/app-services.ts');
const { SessionKeyStore } = await import('../../src-main/core/secrets/session-key-store.ts');
const { bridgeInProcess } = await import('../support/bridge-in-process.ts');

describe('the Electron platform', () => {
  test('a clicked notification brings the window back and runs its action', () => {
    const platform = createElectronPlatform(() => english);
    const clicked = vi.fn();
    platform.notify({ id: 'alert-1', title: 'Critical alert', body: '10.0.0.5 scanning' }, clicked, () => {});
    const [shown] = electron.notifications;
    expect(shown).toMatchObject({ options: { title: 'Critical alert', body: '10.0.0.5 scanning' }, shown: true });
    shown!.handlers.get('click')!();
    expect(electron.window.restore).toHaveBeenCalled();
    expect(electron.window.focus).toHaveBeenCalled();
    expect(clicked).toHaveBeenCalledTimes(1);
  });

  test('a toast that timed out into the Action Center or Notification Center still opens its item when clicked later', () => {
    const platform = createElectronPlatform(() => english, 'win32');
    const clicked = vi.fn();
    platform.notify({ id: 'late-1', title: 'Critical alert', body: '10.0.0.6' }, clicked, () => {});
    const toast = electron.notifications.at(-1)!;
    expect(toast.options).toMatchObject({ id: 'late-1' });
    toast.handlers.get('close')!({ reason: 'timedOut' });
    // Many later toasts in between: the kept ones are bounded, this one is still among them.
    for (let index = 0; index < KEPT_NOTIFICATIONS - 1; index += 1) platform.notify({ id: `other-${index}`, title: 't', body: 'b' }, () => {}, () => {});
    toast.handlers.get('click')!();
    expect(clicked).toHaveBeenCalledTimes(1);
    // Windows reports the same click again through handleActivation: it is not acted on twice.
    const openEntry = vi.fn();
    platform.handleActivations(openEntry);
    electron.activation!({ type: 'click', arguments: 'opsdesk-notification:late-1' });
    expect(clicked).toHaveBeenCalledTimes(1);
    expect(openEntry).not.toHaveBeenCalled();
  });

  test('a toast the user dismissed is let go, and beyond the bound the oldest are', () => {
    const platform = createElectronPlatform(() => english, 'win32');
    const openEntry = vi.fn();
    platform.handleActivations(openEntry);
    const dismissedClick = vi.fn();
    platform.notify({ id: 'dismissed-1', title: 't', body: 'b' }, dismissedClick, () => {});
    electron.notifications.at(-1)!.handlers.get('close')!({ reason: 'userCanceled' });
    electron.activation!({ type: 'click', arguments: 'opsdesk-notification:dismissed-1' });
    // No longer held: the click is treated like one from an earlier run, by the entry's id.
    expect(dismissedClick).not.toHaveBeenCalled();
    expect(openEntry).toHaveBeenCalledWith('dismissed-1');

    const oldestClick = vi.fn();
    platform.notify({ id: 'oldest', title: 't', body: 'b' }, oldestClick, () => {});
    for (let index = 0; index < KEPT_NOTIFICATIONS; index += 1) platform.notify({ id: `newer-${index}`, title: 't', body: 'b' }, () => {}, () => {});
    electron.activation!({ type: 'click', arguments: 'opsdesk-notification:oldest' });
    expect(oldestClick).not.toHaveBeenCalled();
    expect(openEntry).toHaveBeenLastCalledWith('oldest');
  });

  test("a click on an earlier run's toast opens its entry and brings the window back", () => {
    const platform = createElectronPlatform(() => english, 'win32');
    const openEntry = vi.fn();
    electron.window.focus.mockClear();
    platform.handleActivations(openEntry);
    electron.activation!({ type: 'click', arguments: 'opsdesk-notification:from-yesterday' });
    expect(openEntry).toHaveBeenCalledWith('from-yesterday');
    expect(electron.window.focus).toHaveBeenCalled();
    electron.activation!({ type: 'click', arguments: 'type=click&tag=12345' });
    expect(openEntry).toHaveBeenCalledTimes(1);
  });

  test("Windows: the notification machinery is started when the platform is made and again before an earlier run's click is asked for", () => {
    electron.order.length = 0;
    const platform = createElectronPlatform(() => english, 'win32');
    expect(electron.order).toEqual(['isSupported']);
    platform.handleActivations(() => {});
    expect(electron.order).toEqual(['isSupported', 'isSupported', 'handleActivation']);
    electron.order.length = 0;
    createElectronPlatform(() => english, 'linux').handleActivations(() => {});
    expect(electron.order).toEqual([]);
  });

  test("macOS: a banner from an earlier run still in the Notification Center opens its entry when clicked; a dismissed one is let go", async () => {
    const { Notification } = (await import('electron')) as unknown as { Notification: new (options: object) => (typeof electron.history)[number] };
    const yesterday = new Notification({ id: 'from-yesterday', title: 'New block', body: '203.0.113.7' });
    const dismissed = new Notification({ id: 'dismissed-yesterday', title: 'New block', body: '203.0.113.8' });
    electron.history = [yesterday, dismissed];
    try {
      const platform = createElectronPlatform(() => english, 'darwin');
      const openEntry = vi.fn();
      electron.window.focus.mockClear();
      platform.handleActivations(openEntry);
      await vi.waitFor(() => expect(yesterday.handlers.has('click')).toBe(true));
      dismissed.handlers.get('close')!({ reason: 'userCanceled' });
      dismissed.handlers.get('click')!();
      expect(openEntry).not.toHaveBeenCalled();
      yesterday.handlers.get('click')!();
      yesterday.handlers.get('click')!();
      expect(openEntry).toHaveBeenCalledTimes(1);
      expect(openEntry).toHaveBeenCalledWith('from-yesterday');
      expect(electron.window.focus).toHaveBeenCalled();
      // Windows' activation callback is not asked for there.
      expect(electron.order).not.toContain('handleActivation');
    } finally {
      electron.history = [];
    }
  });

  test("Windows' toast names its entry in the launch argument and shows title and body as text", () => {
    const platform = createElectronPlatform(() => english, 'win32');
    platform.notify({ id: 'entry-9', title: 'Block <b>10.0.0.9</b>', body: 'by "rule" & more' }, () => {}, () => {});
    const xml = electron.notifications.at(-1)!.options.toastXml!;
    expect(xml).toContain('launch="opsdesk-notification:entry-9"');
    expect(xml).toContain('<text>Block &#60;b&#62;10.0.0.9&#60;/b&#62;</text><text>by &#34;rule&#34; &#38; more</text>');
    createElectronPlatform(() => english, 'linux').notify({ id: 'entry-10', title: 't', body: 'b' }, () => {}, () => {});
    expect(electron.notifications.at(-1)!.options.toastXml).toBeUndefined();
  });

  test('a notification the system refuses (an unsigned macOS app) is reported, so the center can say so', async () => {
    const { Notification } = (await import('electron')) as unknown as { Notification: { supported: boolean } };
    const platform = createElectronPlatform(() => english);
    const refused = vi.fn();
    platform.notify({ id: 'block-1', title: 'New block', body: '203.0.113.9' }, () => {}, refused);
    electron.notifications.at(-1)!.handlers.get('failed')!({}, 'UNErrorDomain error 1: notifications are not allowed for this application');
    expect(refused).toHaveBeenCalledWith('UNErrorDomain error 1: notifications are not allowed for this application');
    Notification.supported = false;
    const shownBefore = electron.notifications.length;
    platform.notify({ id: 'block-2', title: 'New block', body: '203.0.113.10' }, () => {}, refused);
    Notification.supported = true;
    expect(electron.notifications.length).toBe(shownBefore);
    expect(refused).toHaveBeenLastCalledWith('this system has no notification service');
  });

  test('badge, focus state and links go to Electron', async () => {
    const platform = createElectronPlatform(() => english);
    platform.setBadgeCount(3);
    expect(electron.badge.at(-1)).toBe(3);
    expect(platform.isFocused()).toBe(false);
    electron.focused = {};
    expect(platform.isFocused()).toBe(true);
    await platform.openExternal('https://docs.example.com/');
    expect(electron.opened).toEqual(['https://docs.example.com/']);
  });

  test('a link opens only after a native prompt in main showed its whole address and the user chose to open it', async () => {
    const platform = createElectronPlatform(() => english);
    electron.opened.length = 0;
    electron.prompts.length = 0;
    const address = 'https://xn--pple-43d.example/login?next=%2Faccount&token=visible#fragment';
    electron.answer = 0;
    await platform.openExternal('https://аpple.example/login?next=%2Faccount&token=visible#fragment');
    expect(electron.prompts).toEqual([expect.objectContaining({ detail: address, message: expect.stringMatching(/web browser/) })]);
    expect(electron.opened).toEqual([]);

    electron.answer = 1;
    await platform.openExternal(address);
    expect(electron.opened).toEqual([address]);

    await createElectronPlatform(() => createTranslator('zh-CN')).openExternal(address);
    expect(electron.prompts.at(-1)).toMatchObject({ message: '要在网页浏览器中打开此地址吗？', detail: address, buttons: ['取消', '在浏览器中打开'] });
  });

  test('a window asking again while a prompt is up gets no second prompt', async () => {
    const platform = createElectronPlatform(() => english);
    electron.opened.length = 0;
    electron.prompts.length = 0;
    await Promise.all([platform.openExternal('https://one.example/'), platform.openExternal('https://two.example/')]);
    expect(electron.prompts.map((prompt) => prompt.detail)).toEqual(['https://one.example/']);
    expect(electron.opened).toEqual(['https://one.example/']);
  });

  test('the open dialog is a native one over the window, for one file, and a cancel chooses nothing', async () => {
    const platform = createElectronPlatform(() => english);
    const filters = [{ name: 'Audio files', extensions: ['wav', 'mp3'] }];
    expect(await platform.chooseOpenPath({ title: 'Choose an audio file', filters })).toBe('/home/analyst/call.wav');
    const shown = electron.openDialogs.at(-1)!;
    expect(shown.parent).not.toBeNull();
    expect(shown.options).toEqual({ title: 'Choose an audio file', filters, properties: ['openFile'] });
    electron.openAnswer = { canceled: true, filePaths: [] };
    expect(await platform.chooseOpenPath({ title: 'Choose an audio file', filters })).toBeNull();
  });

  test('the system proxy for a URL is the one Chromium resolves for it', async () => {
    const platform = createElectronPlatform(() => english);
    expect(await platform.resolveProxy('https://intranet.example/')).toBe('DIRECT');
    expect(await platform.resolveProxy('https://api.example.com/')).toBe('PROXY proxy.corp:8080');
  });

  test("the window's openExternal call goes through the platform, and only for a safe link", async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'opsdesk-platform-'));
    electron.opened.length = 0;
    const services = await createAppServices({ dataDir, keyStore: new SessionKeyStore('test'), platform: createElectronPlatform(() => english), logSink: () => {} });
    try {
      const api = bridgeInProcess(services);
      expect(await api.app.openExternal({ url: 'https://docs.example.com/guide' })).toEqual({ ok: true, data: null });
      const refused = await api.app.openExternal({ url: 'https://user:pass@docs.example.com/' });
      expect(refused).toMatchObject({ ok: false, error: { code: 'unsafe_link' } });
      expect(electron.opened).toEqual(['https://docs.example.com/guide']);
    } finally {
      await services.dispose();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});

describe('the Electron platform and the language', () => {
  test("main words its menus in the system's language until Settings picks one, and remembers the pick", async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'opsdesk-platform-language-'));
    const open = () => createAppServices({ dataDir, platform: createElectronPlatform(() => english), keyStore: new SessionKeyStore('test'), logSink: () => {} });
    try {
      const services = await open();
      // The mocked system prefers Simplified Chinese.
      expect(services.preferences.languageSetting()).toEqual({ choice: 'system' });
      expect(services.preferences.translator.t('menu.paste')).toBe('粘贴');
      const changes: string[] = [];
      services.preferences.onLanguageChanged((language) => changes.push(language));
      services.preferences.setLanguage('en');
      expect(services.preferences.translator.t('menu.paste')).toBe('Paste');
      expect(changes).toEqual(['en']);
      await services.dispose();

      const reopened = await open();
      expect(reopened.preferences.languageSetting()).toEqual({ choice: 'en' });
      expect(reopened.preferences.translator.t('menu.paste')).toBe('Paste');
      await reopened.dispose();
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
