import { Menu } from 'electron';
import type { MenuItemConstructorOptions } from 'electron';
import type { Translator } from '../../src-shared/i18n/translator.ts';

/**
 * Only what the OS needs (the macOS app menu; copy and paste everywhere), worded in the user's
 * language. Electron's default menu binds Ctrl/Cmd+W to closing the window and Ctrl/Cmd+R to
 * reloading, which belong to the tabs.
 */
export function appMenuTemplate(platform: NodeJS.Platform, translator: Translator): MenuItemConstructorOptions[] {
  const { t } = translator;
  return [
    ...(platform === 'darwin' ? [{ role: 'appMenu' as const }] : []),
    {
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
    },
  ];
}

export function installAppMenu(translator: Translator): void {
  Menu.setApplicationMenu(Menu.buildFromTemplate(appMenuTemplate(process.platform, translator)));
}
