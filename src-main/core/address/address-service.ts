// The address card's main side: what the local cache knows of one address or range (its alerts on
// every firewall profile, the support items and conversations that mention it) and the work items
// made from alerts. Reads only the cache, so the card opens offline.
import type { z } from 'zod';
import type { address as addressArea, AddressCard, AddressMentions, AlertsWorkItem, AlertWorkLink } from '../../../src-shared/contract/address.ts';
import { parseAddress, type ParsedAddress } from '../../../src-shared/address-mentions.ts';
import { addressCondition } from '../db/address-match.ts';
import type { AlertsAboutAddress } from '../firewall/alerts/alert-repository.ts';
import type { AddressMentionQuery } from './address-mention-query.ts';
import type { AlertWorkLinks } from './alert-work-links.ts';

type Calls = typeof addressArea.calls;
type RequestOf<K extends keyof Calls> = z.output<Calls[K]['request']>;

const DAY_MS = 86_400_000;

export interface AddressServiceOptions {
  /** The firewall profiles there are now. */
  firewallProfileIds(): string[];
  alerts: { aboutAddress(profileId: string, address: ReturnType<typeof addressCondition>, limit: number): AlertsAboutAddress };
  mentions: AddressMentionQuery;
  links: AlertWorkLinks;
}

/** The contract's schema named it the one way; parsing again only gives its parts. */
const partsOf = (address: string): ParsedAddress => parseAddress(address)!;

export class AddressService {
  readonly #options: AddressServiceOptions;

  constructor(options: AddressServiceOptions) {
    this.#options = options;
  }

  card({ address, limit }: RequestOf<'card'>): AddressCard {
    const parsed = partsOf(address);
    const condition = addressCondition(parsed);
    const perProfile = this.#options.firewallProfileIds().map((profileId) => ({ profileId, ...this.#options.alerts.aboutAddress(profileId, condition, limit) }));
    const severities = new Map<string | null, { rank: number; alerts: number }>();
    const days = new Map<number, number>();
    for (const profile of perProfile) {
      for (const { severity, rank, alerts } of profile.bySeverity) {
        const kept = severities.get(severity);
        severities.set(severity, { rank: Math.max(rank, kept?.rank ?? rank), alerts: alerts + (kept?.alerts ?? 0) });
      }
      for (const { day, alerts } of profile.byDay) days.set(day, alerts + (days.get(day) ?? 0));
    }
    const sum = (pick: (profile: AlertsAboutAddress) => number) => perProfile.reduce((total, profile) => total + pick(profile), 0);
    return {
      address: parsed.address,
      family: parsed.family,
      prefixLength: parsed.prefixLength ?? null,
      alerts: {
        asSource: sum((profile) => profile.asSource),
        asDestination: sum((profile) => profile.asDestination),
        total: sum((profile) => profile.total),
        bySeverity: [...severities].sort(([, a], [, b]) => b.rank - a.rank).map(([severity, { alerts }]) => ({ severity, alerts })),
        byDay: [...days].sort(([a], [b]) => a - b).map(([day, alerts]) => ({ day: new Date(day * DAY_MS).toISOString().slice(0, 10), alerts })),
        newest: perProfile
          .flatMap(({ profileId, newest }) => newest.map((alert) => ({ ...alert, profileId })))
          .sort((a, b) => (b.occurredMs ?? -Infinity) - (a.occurredMs ?? -Infinity))
          .slice(0, limit)
          .map(({ occurredMs: _, ...alert }) => alert),
      },
    };
  }

  mentions({ address, limit }: RequestOf<'mentions'>): AddressMentions {
    return this.#options.mentions.find(partsOf(address), limit);
  }

  alertWorkItems({ profileId, alertId }: RequestOf<'alertWorkItems'>): AlertWorkLink[] {
    return this.#options.links.list(profileId, alertId);
  }

  workItemAlerts({ profileId, workId }: RequestOf<'workItemAlerts'>): AlertWorkLink[] {
    return this.#options.links.listForWorkItem(profileId, workId);
  }

  createAlertWorkItem(request: RequestOf<'createAlertWorkItem'>): Promise<AlertWorkLink> {
    return this.#options.links.create(request);
  }

  createAlertsWorkItem(request: RequestOf<'createAlertsWorkItem'>): Promise<AlertsWorkItem> {
    return this.#options.links.createForAlerts(request);
  }
}
