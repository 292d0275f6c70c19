// The notification settings' fixed lists, once for the contract (its checks) and the window (its choices and their words).
import { alertSeverities } from './firewall-constants.ts';

/** The least severity of alert that reaches the desktop; `off`: none. */
export const desktopAlertThresholds = [...alertSeverities, 'off'] as const;

/**
 * What a desktop notification shows (the center always keeps the whole entry), from most to least:
 * everything; the kind and severity without addresses, names or subjects; a count only.
 */
export const desktopPrivacyChoices = ['everything', 'kind-and-severity', 'count'] as const;
/** Whose notices a privacy choice covers: the support desk's (customers' words) or the firewall's. */
export const desktopPrivacySources = ['support', 'firewall'] as const;
