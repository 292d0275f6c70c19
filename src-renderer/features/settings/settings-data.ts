import { opsdesk } from '../../bridge.ts';
import { useIpcQuery } from '../../data/ipc-query.ts';

/** The app's version and platform, for the About lines. */
export const useAppInfo = () => useIpcQuery(['app', 'info'], () => opsdesk.app.info());
