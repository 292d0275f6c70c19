import type { ComponentType } from 'react';
import type { ProfileView } from '../../../../src-preload/contract/profiles.ts';
import { AddressObjectsSection } from './AddressObjectsSection.tsx';
import { DevicesSection } from './DevicesSection.tsx';
import { HoneypotsSection } from './HoneypotsSection.tsx';
import { LogSearchSection } from './LogSearchSection.tsx';
import { PoliciesSection } from './PoliciesSection.tsx';
import { ReportsSection } from './ReportsSection.tsx';
import { StatusSection } from './StatusSection.tsx';
import './admin.css';

export interface AdminSection {
  id: string;
  /** A catalog key (`firewallAdmin.sections.*`); the section nav words it. */
  title: string;
  component: ComponentType<{ profile: ProfileView }>;
}

/** The firewall workspace's administration sections, in nav order, for the firewall view's section nav. */
export const adminSections: readonly AdminSection[] = [
  { id: 'status', title: 'firewallAdmin.sections.status', component: StatusSection },
  { id: 'policies', title: 'firewallAdmin.sections.policies', component: PoliciesSection },
  { id: 'address-objects', title: 'firewallAdmin.sections.addressObjects', component: AddressObjectsSection },
  { id: 'logs', title: 'firewallAdmin.sections.logs', component: LogSearchSection },
  { id: 'devices', title: 'firewallAdmin.sections.devices', component: DevicesSection },
  { id: 'honeypots', title: 'firewallAdmin.sections.honeypots', component: HoneypotsSection },
  { id: 'reports', title: 'firewallAdmin.sections.reports', component: ReportsSection },
];
