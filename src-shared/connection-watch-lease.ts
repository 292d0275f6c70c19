// How long a view's watch of a connection lasts, once for main (which reads a watched back end's
// health while nothing else calls it) and the window (which renews the watch while a view shows it).

/** A watch not renewed for this long has lapsed: its view was closed or hidden, or the window went. */
export const CONNECTION_WATCH_LEASE_MS = 30_000;
/** How often a view renews its watch: well within the lease, so one slow renewal does not let it lapse. */
export const CONNECTION_WATCH_RENEW_MS = 10_000;
