// How an entry reads in the window: its action in the user's language, and where its target is.
import { useTranslation } from 'react-i18next';
import type { ActivityEntry } from '../../../src-shared/contract/activity.ts';
import type { NavigationTarget } from '../../../src-shared/contract/workspace.ts';

/** An entry's action: `activity.actions.<code>`, else a support write's words (`outbox.actions.<code>`), else the code. */
export function useActivityActionText(): (action: ActivityEntry['action']) => string {
  const { t } = useTranslation();
  return (action) => t([`activity.actions.${action.code}`, `outbox.actions.${action.code}`], { ...action.params, defaultValue: action.code });
}

/** Where a click on an entry's target goes; null when OpsDesk has no view of it (a saved file, a gone profile). */
export function targetLink({ target, profileId }: Pick<ActivityEntry, 'target' | 'profileId'>): NavigationTarget | null {
  const { kind, id } = target;
  if (kind === 'conversation' && id) return { kind: 'conversation', params: { id } };
  if (kind === 'case') return id ? { kind: 'case', params: { caseId: id } } : { kind: 'cases' };
  if (profileId === null) return null;
  switch (kind) {
    case 'blockEntry':
      return id ? { kind: 'block', params: { profileId, entryId: id } } : { kind: 'firewall', params: { profileId, section: 'blocklist' } };
    case 'ticket':
      return id ? { kind: 'ticket', params: { profileId, ticketId: id } } : { kind: 'support', params: { profileId, section: 'inbox' } };
    case 'contact':
    case 'work':
      return { kind: 'support', params: { profileId, section: kind === 'contact' ? 'contacts' : 'work', ...(id && { itemId: id }) } };
    case 'faq':
      return { kind: 'support', params: { profileId, section: 'kb' } };
    case 'webhook':
      return { kind: 'support', params: { profileId, section: 'webhooks' } };
    default:
      return FIREWALL_SECTION_OF[kind] ? { kind: 'firewall', params: { profileId, section: FIREWALL_SECTION_OF[kind] } } : null;
  }
}

const FIREWALL_SECTION_OF: Partial<Record<ActivityEntry['target']['kind'], string>> = {
  alerts: 'alerts',
  allowEntry: 'allowlist',
  domainRule: 'domains',
  policy: 'policies',
  addressObject: 'address-objects',
  honeypot: 'honeypots',
  device: 'devices',
  report: 'reports',
};

/** The words that name a target: its address, name or id. */
export function targetText({ target }: Pick<ActivityEntry, 'target'>): string {
  return target.address ?? target.label ?? target.id ?? '';
}
