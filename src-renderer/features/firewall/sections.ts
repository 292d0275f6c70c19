import { adminSections } from './admin/index.ts';
import { AlertsSection } from './alerts/AlertsSection.tsx';
import { AllowListSection } from './allowlist/AllowListSection.tsx';
import { BlockListSection } from './blocklist/BlockListSection.tsx';
import { DomainRulesSection } from './domains/DomainRulesSection.tsx';
import { ProtectedRangesSection } from './settings/ProtectedRangesSection.tsx';
import { SyncSettingsSection } from './settings/SyncSettingsSection.tsx';
import { WebhookReceiverSection } from './settings/WebhookReceiverSection.tsx';
import { translator } from '../../language/translator.ts';
import type { FirewallSection } from './section.ts';

export const firewallSections: readonly FirewallSection[] = [
  { id: 'alerts', title: () => translator.t('firewall.sections.alerts'), component: AlertsSection },
  { id: 'blocklist', title: () => translator.t('firewall.sections.blocklist'), component: BlockListSection },
  { id: 'allowlist', title: () => translator.t('firewall.sections.allowlist'), component: AllowListSection },
  { id: 'domains', title: () => translator.t('firewall.sections.domains'), component: DomainRulesSection },
  ...adminSections,
  { id: 'protected', title: () => translator.t('firewall.sections.protectedRanges'), component: ProtectedRangesSection },
  { id: 'sync', title: () => translator.t('firewall.syncSettings.region'), component: SyncSettingsSection },
  { id: 'receiver', title: () => translator.t('firewall.receiver.region'), component: WebhookReceiverSection },
];
