import { Menu, shell } from 'electron';
import type { BaseWindow, BrowserWindow, KeyboardInputEvent, MenuItemConstructorOptions } from 'electron';
import type { Translator } from '../../src-shared/i18n/translator.ts';
import { zoom, type ZoomMemory } from './zoom.ts';

export interface AppMenuOptions {
  platform: NodeJS.Platform;
  /** The folder with the log files, opened by Help → Open log folder. */
  logFolder: string;
  /** Words the menu in the user's language. */
  translator: Translator;
  /** Help → About OpsDesk: the window shows Settings → About. */
  showAbout: () => void;
  /** Where View → Zoom keeps its level. */
  zoomMemory: ZoomMemory;
}

type TabItem = { label: string; accelerator: string };

/** The workspace's shortcuts as the renderer handles them (src-renderer/workspace/use-workspace-shortcuts.ts). */
const tabItems = ({ t }: Translator): Record<'file' | 'view' | 'window', TabItem[]> => ({
  file: [
    { label: t('menu.openView'), accelerator: 'CmdOrCtrl+T' },
    { label: t('menu.closeTab'), accelerator: 'CmdOrCtrl+W' },
  ],
  view: [
    { label: t('menu.nextTab'), accelerator: 'Ctrl+Tab' },
    { label: t('menu.previousTab'), accelerator: 'Ctrl+Shift+Tab' },
    { label: t('menu.moveTabLeft'), accelerator: 'CmdOrCtrl+Shift+PageUp' },
    { label: t('menu.moveTabRight'), accelerator: 'CmdOrCtrl+Shift+PageDown' },
  ],
  window: [
    ...[1, 2, 3, 4, 5, 6, 7, 8].map((index) => ({ label: t('menu.tab', { index }), accelerator: `CmdOrCtrl+${index}` })),
    { label: t('menu.lastTab'), accelerator: 'CmdOrCtrl+9' },
  ],
});

/** The key press an accelerator stands for, as the window would receive it from the keyboard. */
export function keyPressFor(accelerator: string, platform: NodeJS.Platform): KeyboardInputEvent {
  const parts = accelerator.split('+');
  const keyCode = parts.pop()!;
  const modifiers = parts.map((part) => {
    if (part === 'CmdOrCtrl') return platform === 'darwin' ? 'meta' : 'control';
    return part === 'Ctrl' ? 'control' : part.toLowerCase();
  }) as KeyboardInputEvent['modifiers'];
  return { type: 'keyDown', keyCode, modifiers };
}

/**
 * The accelerators are shown but not registered (`registerAccelerator: false`): a registered one
 * would take the key from the renderer, whose handler knows whether a dialog owns the keyboard.
 * A click sends the same key press to the window, so menu and keyboard run the one handler.
 */
function tabItem(item: TabItem, platform: NodeJS.Platform): MenuItemConstructorOptions {
  return {
    ...item,
    registerAccelerator: false,
    click: (_menuItem, window: BaseWindow | undefined) => (window as BrowserWindow | undefined)?.webContents.sendInputEvent(keyPressFor(item.accelerator, platform)),
  };
}

/** Zoom in, out and back to 100 %, remembered; the same on every platform. */
function zoomItems({ t }: Translator, memory: ZoomMemory): MenuItemConstructorOptions[] {
  const item = (label: string, accelerator: string, change: 'in' | 'out' | 'reset'): MenuItemConstructorOptions => ({
    label,
    accelerator,
    click: (_menuItem, window: BaseWindow | undefined) => {
      const contents = (window as BrowserWindow | undefined)?.webContents;
      if (contents) zoom(contents, change, memory);
    },
  });
  return [item(t('menu.resetZoom'), 'CmdOrCtrl+0', 'reset'), item(t('menu.zoomIn'), 'CmdOrCtrl+Plus', 'in'), item(t('menu.zoomOut'), 'CmdOrCtrl+-', 'out')];
}

/**
 * Windows and Linux: File, Edit, View, Window, Help. macOS: the app menu, Edit, View (zoom and full
 * screen only), Window (Minimize ⌘M, Zoom, Bring All to Front) and Help; there a menu accelerator
 * always takes its key before the window, and a key the renderer declines (a dialog is open) would
 * come back to the menu, so the tab shortcuts stay out of it. Electron's default menu is not used: it
 * binds Ctrl/Cmd+W to closing the window and Ctrl/Cmd+R to reloading, which belong to the tabs.
 */
export function appMenuTemplate({ platform, logFolder, translator, showAbout, zoomMemory }: AppMenuOptions): MenuItemConstructorOptions[] {
  const { t } = translator;
  const about: MenuItemConstructorOptions = { label: t('menu.about'), click: showAbout };
  // Electron words its roles in English whatever the OS language; each item gets ours.
  const edit: MenuItemConstructorOptions = {
    role: 'editMenu',
    label: t('menu.edit'),
    submenu: [
      { role: 'undo', label: t('menu.undo') },
      { role: 'redo', label: t('menu.redo') },
      { type: 'separator' },
      { role: 'cut', label: t('menu.cut') },
      { role: 'copy', label: t('menu.copy') },
      { role: 'paste', label: t('menu.paste') },
      { role: 'selectAll', label: t('menu.selectAll') },
    ],
  };
  // The sheet is the window's; the item sends the window its key press (macOS shows no accelerator, as for the tabs).
  const shortcuts: MenuItemConstructorOptions =
    platform === 'darwin'
      ? { label: t('menu.keyboardShortcuts'), click: (_menuItem, window: BaseWindow | undefined) => (window as BrowserWindow | undefined)?.webContents.sendInputEvent(keyPressFor('CmdOrCtrl+/', platform)) }
      : tabItem({ label: t('menu.keyboardShortcuts'), accelerator: 'CmdOrCtrl+/' }, platform);
  const help: MenuItemConstructorOptions = {
    role: 'help',
    label: t('menu.help'),
    submenu: [shortcuts, { type: 'separator' }, { label: t('menu.openLogFolder'), click: () => void shell.openPath(logFolder) }, { type: 'separator' }, about],
  };
  const fullScreen: MenuItemConstructorOptions = { role: 'togglefullscreen', label: t('menu.fullScreen') };
  if (platform === 'darwin') {
    return [
      {
        role: 'appMenu',
        submenu: [
          about,
          { type: 'separator' },
          { role: 'services' },
          { type: 'separator' },
          { role: 'hide' },
          { role: 'hideOthers' },
          { role: 'unhide' },
          { type: 'separator' },
          { role: 'quit', label: t('menu.quit') },
        ],
      },
      edit,
      { label: t('menu.view'), submenu: [...zoomItems(translator, zoomMemory), { type: 'separator' }, fullScreen] },
      {
        role: 'window',
        label: t('menu.window'),
        submenu: [
          { role: 'minimize', label: t('menu.minimize') },
          { role: 'zoom', label: t('menu.zoom') },
          { type: 'separator' },
          { role: 'front', label: t('menu.bringAllToFront') },
        ],
      },
      help,
    ];
  }
  const items = tabItems(translator);
  const tabs = (list: TabItem[]) => list.map((item) => tabItem(item, platform));
  return [
    { label: t('menu.file'), submenu: [...tabs(items.file), { type: 'separator' }, { role: 'quit', label: t('menu.quit') }] },
    edit,
    {
      label: t('menu.view'),
      submenu: [
        ...tabs(items.view),
        { type: 'separator' },
        ...zoomItems(translator, zoomMemory),
        { type: 'separator' },
        fullScreen,
      ],
    },
    { label: t('menu.window'), submenu: [{ role: 'minimize', label: t('menu.minimize') }, { type: 'separator' }, ...tabs(items.window)] },
    help,
  ];
}

export function installAppMenu(options: Omit<AppMenuOptions, 'platform'>): void {
  Menu.setApplicationMenu(Menu.buildFromTemplate(appMenuTemplate({ platform: process.platform, ...options })));
}
