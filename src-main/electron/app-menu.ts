import { Menu, shell } from 'electron';
import type { BaseWindow, BrowserWindow, KeyboardInputEvent, MenuItemConstructorOptions } from 'electron';

export interface AppMenuOptions {
  platform: NodeJS.Platform;
  /** The folder with the log files, opened by Help → Open log folder. */
  logFolder: string;
}

/** The workspace's shortcuts as the renderer handles them (src-renderer/workspace/use-workspace-shortcuts.ts). */
const tabItems = {
  file: [
    { label: 'Open View…', accelerator: 'CmdOrCtrl+T' },
    { label: 'Close Tab', accelerator: 'CmdOrCtrl+W' },
  ],
  view: [
    { label: 'Next Tab', accelerator: 'Ctrl+Tab' },
    { label: 'Previous Tab', accelerator: 'Ctrl+Shift+Tab' },
    { label: 'Move Tab Left', accelerator: 'CmdOrCtrl+Shift+PageUp' },
    { label: 'Move Tab Right', accelerator: 'CmdOrCtrl+Shift+PageDown' },
  ],
  window: [
    ...[1, 2, 3, 4, 5, 6, 7, 8].map((index) => ({ label: `Tab ${index}`, accelerator: `CmdOrCtrl+${index}` })),
    { label: 'Last Tab', accelerator: 'CmdOrCtrl+9' },
  ],
};

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
function tabItem(item: { label: string; accelerator: string }, platform: NodeJS.Platform): MenuItemConstructorOptions {
  return {
    ...item,
    registerAccelerator: false,
    click: (_menuItem, window: BaseWindow | undefined) => (window as BrowserWindow | undefined)?.webContents.sendInputEvent(keyPressFor(item.accelerator, platform)),
  };
}

/**
 * Windows and Linux: File, Edit, View, Window, Help. macOS: the app menu, Edit and Help; there a menu
 * accelerator always takes its key before the window, and a key the renderer declines (a dialog is
 * open) would come back to the menu. Electron's default menu is not used: it binds Ctrl/Cmd+W to
 * closing the window and Ctrl/Cmd+R to reloading, which belong to the tabs.
 */
export function appMenuTemplate({ platform, logFolder }: AppMenuOptions): MenuItemConstructorOptions[] {
  const help: MenuItemConstructorOptions = { role: 'help', submenu: [{ label: 'Open Log Folder', click: () => void shell.openPath(logFolder) }] };
  if (platform === 'darwin') return [{ role: 'appMenu' }, { role: 'editMenu' }, help];
  const tabs = (items: { label: string; accelerator: string }[]) => items.map((item) => tabItem(item, platform));
  return [
    { label: 'File', submenu: [...tabs(tabItems.file), { type: 'separator' }, { role: 'quit' }] },
    { role: 'editMenu' },
    {
      label: 'View',
      submenu: [...tabs(tabItems.view), { type: 'separator' }, { role: 'resetZoom' }, { role: 'zoomIn' }, { role: 'zoomOut' }, { type: 'separator' }, { role: 'togglefullscreen' }],
    },
    { label: 'Window', submenu: [{ role: 'minimize' }, { type: 'separator' }, ...tabs(tabItems.window)] },
    help,
  ];
}

export function installAppMenu(logFolder: string): void {
  Menu.setApplicationMenu(Menu.buildFromTemplate(appMenuTemplate({ platform: process.platform, logFolder })));
}
