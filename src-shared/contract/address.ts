// The address card (every cached thing about one IPv4/IPv6 address or CIDR range) and the links an
// alert keeps to the work items made from it.
import { z } from 'zod';
import { parseAddress, type AddressFamily } from '../address-mentions.ts';
import { call } from './define.ts';
import type { AlertRow } from './firewall.ts';
import type { OutboxEntry } from './outbox.ts';

/** One address or range in any written form; main names it the one way links and cards do (`2001:db8::1`, `10.0.0.0/8`). */
export const addressSchema = z
  .string()
  .max(64)
  .transform((value, context) => {
    const parsed = parseAddress(value);
    if (parsed) return parsed.address;
    context.addIssue({ code: 'custom', message: 'not an IPv4 or IPv6 address or CIDR range' });
    return z.NEVER;
  });

const profileId = z.string().min(1).max(64);
const alertId = z.string().min(1).max(200);

/** One cached alert that names the address, as its source or its destination, with the firewall profile it came from. */
export interface AddressAlert extends AlertRow {
  profileId: string;
  role: 'source' | 'destination';
}

export interface AddressAlerts {
  /** Alerts naming it as source, as destination, and either (an alert naming it twice counts once). */
  asSource: number;
  asDestination: number;
  total: number;
  /** Most severe first; `severity` as the alert row has it. */
  bySeverity: { severity: string | null; alerts: number }[];
  /** Per UTC day (`2026-11-25`) that has any, oldest first. */
  byDay: { day: string; alerts: number }[];
  /** The newest, of every firewall profile, newest first. */
  newest: AddressAlert[];
}

/** What the local cache knows of the address's alerts: answers offline, from indexed reads. */
export interface AddressCard {
  address: string;
  family: AddressFamily;
  /** Set for a range. */
  prefixLength: number | null;
  alerts: AddressAlerts;
}

export const mentionKinds = ['ticket', 'contact', 'workItem', 'conversation'] as const;
export type MentionKind = (typeof mentionKinds)[number];

/** A cached ticket, contact, work item or conversation whose text names the address. */
export interface AddressMention {
  kind: MentionKind;
  /** The support profile of a ticket, contact or work item; a conversation's gateway profile, or null. */
  profileId: string | null;
  id: string;
  title: string | null;
  /** The words around the first mention, as the item has them. */
  excerpt: string;
  /** When the item last changed (ISO 8601), for ordering. */
  at: string | null;
}

/** The mentions of each kind, newest first, at most `limit` of each. */
export type AddressMentions = Record<MentionKind, AddressMention[]>;

/** A work item made from an alert, as OpsDesk keeps the link (the support API has no field for it). */
export interface AlertWorkLink {
  firewallProfileId: string;
  alertId: string;
  supportProfileId: string;
  /** The outbox write that creates it: its state until it is sent. */
  write: OutboxEntry | null;
  /** The work item's id once the server gave it. */
  workId: string | null;
  createdAt: string;
}

/** The most alerts one work item is made from (its text lists the first of them). */
export const MAX_WORK_ITEM_ALERTS = 1000;

/** One work item made from many alerts: the write that creates it, and how many alerts list it. */
export interface AlertsWorkItem {
  write: OutboxEntry;
  alerts: number;
}

const workItemFields = {
  supportProfileId: profileId,
  title: z.string().trim().min(1).max(200),
  description: z.string().max(10_000).optional(),
  priority: z.string().trim().min(1).max(40).optional(),
};

export const address = {
  calls: {
    /** The address's cached alerts: counts, days and the newest (`limit` of them). */
    card: call<AddressCard>()(z.object({ address: addressSchema, limit: z.int().min(1).max(500).default(100) })),
    /** Cached tickets, contacts, work items and conversations that mention it. */
    mentions: call<AddressMentions>()(z.object({ address: addressSchema, limit: z.int().min(1).max(200).default(50) })),
    /** The work items made from one alert, newest first. */
    alertWorkItems: call<AlertWorkLink[]>()(z.object({ profileId, alertId })),
    /** The alerts a work item was made from (its support profile and id). */
    workItemAlerts: call<AlertWorkLink[]>()(z.object({ profileId, workId: alertId })),
    /** "Create work item" on an alert: the write goes through the outbox, and the alert keeps the link. */
    createAlertWorkItem: call<AlertWorkLink>()(
      z.object({ profileId, alertId, ...workItemFields }),
    ),
    /** "Create one work item" for selected alerts: one write through the outbox, and each alert keeps the link. */
    createAlertsWorkItem: call<AlertsWorkItem>()(
      z.object({ profileId, alertIds: z.array(alertId).min(1).max(MAX_WORK_ITEM_ALERTS), ...workItemFields }),
    ),
  },
  events: {},
};
