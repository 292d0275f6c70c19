import type { FirewallSection } from '../sections.ts';

/**
 * The import point for the administrator's sections (policies, address objects, log search,
 * devices, honeypots, reports, status), which the firewall-admin branch fills in; the Firewall
 * view's nav lists them after its own.
 */
export const adminSections: readonly FirewallSection[] = [];
