// What a profile's key may do on its site (/meta, support.md parts 4 and 5).
import { z } from 'zod';
import { call } from '../define.ts';
import type { IpcError } from '../define.ts';
import { withProfile } from './common.ts';

/** The scopes support.md names (part 5). */
export const supportScopes = [
  'chat', 'live.write', 'kb.read', 'kb.write', 'ticket.read', 'ticket.write', 'agent.reply',
  'crm.read', 'crm.write', 'work.read', 'work.write', 'hooks.write', 'analytics.read', 'logs.read',
] as const;
export type SupportScope = (typeof supportScopes)[number];

/** Every action a view offers, and the scope support.md says it needs (part 4). */
export const supportActionScopes = {
  readTickets: 'ticket.read',
  createTicket: 'live.write',
  sendVisitorMessage: 'live.write',
  replyToTicket: 'agent.reply',
  closeTicket: 'ticket.write',
  readContacts: 'crm.read',
  writeContacts: 'crm.write',
  /** support.md does not say how a phone is unmasked; OpsDesk asks with crm.write (docs/api-assumptions.md). */
  revealPhone: 'crm.write',
  readWork: 'work.read',
  writeWork: 'work.write',
  searchKb: 'kb.read',
  readFaq: 'kb.read',
  addFaq: 'kb.write',
  ask: 'chat',
  readSessions: 'chat',
  manageWebhooks: 'hooks.write',
  readAnalytics: 'analytics.read',
  readChatLogs: 'logs.read',
} as const satisfies Record<string, SupportScope>;
export type SupportAction = keyof typeof supportActionScopes;

export interface SupportSiteAccess {
  id: string;
  name: string | null;
  /** The site's open API channel; null when /meta did not say. */
  apiChannel: boolean | null;
  /** The profile's own site. */
  current: boolean;
}

export interface ActionAccess {
  scope: SupportScope;
  /** The key holds the scope (a `crm.*` scope covers `crm.read` and `crm.write`). */
  allowed: boolean;
}

/** What /meta says this profile's key may do; the views disable what the key lacks and name the scope. */
export interface SupportAccess {
  profileId: string;
  /** The profile's site. */
  site: string;
  /** runtime, ops, agent or what the server calls it; null when it did not say. */
  keyType: string | null;
  /** From /meta, else from the key's `svc_live_`/`svc_test_` prefix. */
  keyEnv: 'live' | 'test' | null;
  live: boolean;
  scopes: string[];
  sites: SupportSiteAccess[];
  actions: Record<SupportAction, ActionAccess>;
  /**
   * Why the key cannot use this site at all: `channel_disabled` (the site's API channel is off),
   * `wrong_site` or `forbidden_ip` (from /meta's answer or refusal). null: usable.
   */
  blocked: IpcError | null;
  checkedAt: string;
  /** `server`: /meta answered now; `cache`: it could not be reached (`error`), this is the last answer. */
  from: 'server' | 'cache';
  error?: IpcError;
}

export const accessCalls = {
    /** /meta read (and remembered) for the profile; `refresh` asks the server again. */
    access: call<SupportAccess>()(withProfile.extend({ refresh: z.boolean().default(false) })),
};
