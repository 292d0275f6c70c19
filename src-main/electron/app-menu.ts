import { Menu } from 'electron';
import type { MenuItemConstructorOptions } from 'electron';

/**
 * Only what the OS needs (the macOS app menu; copy and paste everywhere). Electron's default menu
 * binds Ctrl/Cmd+W to closing the window and Ctrl/Cmd+R to reloading, which belong to the tabs.
 */
export function appMenuTemplate(platform: NodeJS.Platform): MenuItemConstructorOptions[] {
  return [...(platform === 'darwin' ? [{ role: 'appMenu' as const }] : []), { role: 'editMenu' }];
}

export function installAppMenu(): void {
  Menu.setApplicationMenu(Menu.buildFromTemplate(appMenuTemplate(process.platform)));
}
