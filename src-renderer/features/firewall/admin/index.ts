import type { ComponentType } from 'react';
import { getI18n } from 'react-i18next';
import type { ProfileView } from '../../../../src-preload/contract/profiles.ts';
import { AddressObjectsSection } from './AddressObjectsSection.tsx';
import { DevicesSection } from './DevicesSection.tsx';
import { HoneypotsSection } from './HoneypotsSection.tsx';
import { LogSearchSection } from './LogSearchSection.tsx';
import { PoliciesSection } from './PoliciesSection.tsx';
import { ReportsSection } from './ReportsSection.tsx';
import { StatusSection } from './StatusSection.tsx';
import './admin.css';

/** The shape of an entry in the Firewall view's section nav (`FirewallSection` in the firewall shell). */
export interface AdminSection {
  id: string;
  /** Read at render time, so the nav follows the window's language. */
  title(): string;
  component: ComponentType<{ profile: ProfileView }>;
}

/** The administration sections, in nav order, for the Firewall view's section nav. */
export const adminSections: readonly AdminSection[] = [
  { id: 'status', title: () => getI18n().t('firewallAdmin.sections.status'), component: StatusSection },
  { id: 'policies', title: () => getI18n().t('firewallAdmin.sections.policies'), component: PoliciesSection },
  { id: 'address-objects', title: () => getI18n().t('firewallAdmin.sections.addressObjects'), component: AddressObjectsSection },
  { id: 'logs', title: () => getI18n().t('firewallAdmin.sections.logs'), component: LogSearchSection },
  { id: 'devices', title: () => getI18n().t('firewallAdmin.sections.devices'), component: DevicesSection },
  { id: 'honeypots', title: () => getI18n().t('firewallAdmin.sections.honeypots'), component: HoneypotsSection },
  { id: 'reports', title: () => getI18n().t('firewallAdmin.sections.reports'), component: ReportsSection },
];
