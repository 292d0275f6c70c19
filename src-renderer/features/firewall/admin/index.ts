import type { ComponentType } from 'react';
import { getI18n } from 'react-i18next';
import type { ProfileView } from '../../../../src-shared/contract/profiles.ts';
import { lazyView } from '../../../ui/lazy-view.ts';
import './admin.css';

/** The shape of an entry in the Firewall view's section nav (`FirewallSection` in the firewall shell). */
export interface AdminSection {
  id: string;
  /** Read at render time, so the nav follows the window's language. */
  title(): string;
  component: SectionComponent;
}

type SectionComponent = ComponentType<{ profile: ProfileView }>;
const section = (importComponent: () => Promise<SectionComponent>) => lazyView(importComponent);

// Chunks of their own, fetched when the window is idle (`viewLoads`): the first screen is the alerts.
const status = section(() => import('./StatusSection.tsx').then((module) => module.StatusSection));
const policies = section(() => import('./PoliciesSection.tsx').then((module) => module.PoliciesSection));
const addressObjects = section(() => import('./AddressObjectsSection.tsx').then((module) => module.AddressObjectsSection));
const logs = section(() => import('./LogSearchSection.tsx').then((module) => module.LogSearchSection));
const devices = section(() => import('./DevicesSection.tsx').then((module) => module.DevicesSection));
const honeypots = section(() => import('./HoneypotsSection.tsx').then((module) => module.HoneypotsSection));
const reports = section(() => import('./ReportsSection.tsx').then((module) => module.ReportsSection));

export const adminSectionLoads: readonly (() => Promise<unknown>)[] = [status, logs, policies, addressObjects, devices, honeypots, reports].map((lazy) => lazy.load);

/** The administration sections, in nav order, for the Firewall view's section nav. */
export const adminSections: readonly AdminSection[] = [
  { id: 'status', title: () => getI18n().t('firewallAdmin.sections.status'), component: status.component },
  { id: 'policies', title: () => getI18n().t('firewallAdmin.sections.policies'), component: policies.component },
  { id: 'address-objects', title: () => getI18n().t('firewallAdmin.sections.addressObjects'), component: addressObjects.component },
  { id: 'logs', title: () => getI18n().t('firewallAdmin.sections.logs'), component: logs.component },
  { id: 'devices', title: () => getI18n().t('firewallAdmin.sections.devices'), component: devices.component },
  { id: 'honeypots', title: () => getI18n().t('firewallAdmin.sections.honeypots'), component: honeypots.component },
  { id: 'reports', title: () => getI18n().t('firewallAdmin.sections.reports'), component: reports.component },
];
