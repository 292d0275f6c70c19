/**
 * The app's identity on the desktop. electron-builder.yml's `appId` must be this same value (a test
 * and `npm run check-package` compare them): the NSIS installer gives the Start-menu shortcut this
 * AppUserModelID, and Windows shows a toast only for the id of a shortcut it knows.
 */
export const APP_ID = 'com.opsdesk.app';
