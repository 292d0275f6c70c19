/**
 * The app's identity on the desktop. electron-builder.yml's `appId` must be this same value (a test
 * and `npm run check-package` compare them): the NSIS installer gives the Start-menu shortcut this
 * AppUserModelID, and Windows shows a toast only for the id of a shortcut it knows.
 */
export const APP_ID = 'com.opsdesk.app';

/**
 * An unpackaged run's (`npm run dev`, the demo) id on Windows. Under the installed app's id, Windows
 * ties the dev run's toasts to the installed shortcut and Electron points that Start-menu shortcut at
 * `node_modules\electron\dist\electron.exe`; under its own id the installed app is left alone.
 */
export const DEV_APP_ID = 'com.opsdesk.app.dev';
