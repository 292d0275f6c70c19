// The About section's bridge calls, through the window's query layer; components use these only.
import { opsdesk } from '../../data/bridge.ts';
import { useIpcQuery } from '../../data/ipc-query.ts';
import { appKeys } from '../../data/query-keys.ts';

/** What main reports about itself; asked again when the user ticks or unticks the host names. */
export const useDiagnostics = (includeProfileHosts: boolean) => useIpcQuery(appKeys.diagnostics(includeProfileHosts), () => opsdesk.app.diagnostics({ includeProfileHosts }));

/** Help → About OpsDesk, chosen in main's menu; returns the unsubscribe. */
export const onShowAboutChosen = (listener: () => void) => opsdesk.app.onShowAbout(listener);
