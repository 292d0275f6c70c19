// What a case's timeline reads from the caches its items live in: alerts, tickets with their
// messages, contacts and work items with their follow-ups, conversations with their turns, block
// entries, allow entries seen, and the activity log's entries about any of them. Read only, in a
// statement per kind and connection (a case of 10,000 alerts is one indexed read), as the address
// card's mention query and the palette's search read the same tables (address-mention-query.ts,
// search-repository.ts). Nothing here goes to a server.
import type { ActivityBackEnd, ActivityOutcome } from '../../../src-shared/contract/activity.ts';
import type { CaseItemKind, CaseItemRef } from '../../../src-shared/contract/cases.ts';
import type { FollowUp } from '../../../src-shared/contract/support/shared-types.ts';
import type { TicketMessage } from '../../../src-shared/contract/support/tickets.ts';
import { parseAddress } from '../../../src-shared/address-mentions.ts';
import { writtenForms } from '../db/address-match.ts';
import type { Db } from '../db/database.ts';

export interface AlertFacts {
  id: string;
  severity: string | null;
  occurredAt: string | null;
  category: string | null;
  action: string | null;
  srcIp: string | null;
  dstIp: string | null;
  signature: string | null;
  message: string | null;
}

export interface TicketFacts {
  id: string;
  subject: string | null;
  status: string;
  visitorName: string | null;
  createdAt: string | null;
  closedAt: string | null;
  closeNote: string | null;
  syncedAt: string;
  messages: TicketMessage[];
}

export interface FollowedFacts {
  id: string;
  title: string | null;
  description: string | null;
  createdAt: string | null;
  follows: FollowUp[];
}

export interface TurnFacts {
  id: string;
  role: 'user' | 'assistant';
  content: string;
  model: string | null;
  createdAt: string;
}

export interface ConversationFacts {
  id: string;
  title: string;
  turns: TurnFacts[];
}

export interface BlockFacts {
  id: string;
  ip: string;
  reason: string | null;
  createdAt: string | null;
  expiresAt: string | null;
}

export interface WriteFacts {
  id: string;
  at: string;
  updatedAt: string;
  osUser: string | null;
  profileId: string | null;
  profileName: string | null;
  backEnd: ActivityBackEnd;
  action: string;
  params: Record<string, string | number> | null;
  targetKind: string;
  targetId: string | null;
  targetAddress: string | null;
  targetLabel: string | null;
  requestId: string | null;
  outcome: ActivityOutcome;
  errorCode: string | null;
  proposedBy: string | null;
}

/** The activity log's name of an item's kind (`activity.ts`, `activityTargetKinds`). */
export const ACTIVITY_KIND_OF: Partial<Record<CaseItemKind, string>> = {
  ticket: 'ticket',
  contact: 'contact',
  work: 'work',
  conversation: 'conversation',
  block: 'blockEntry',
  allow: 'allowEntry',
};

/** Which activity entries a case's timeline shows: about its items, its addresses, proposed in its conversations, or about the case. */
export interface WriteQuery {
  caseId: string;
  /** `<activity kind>:<id>` of each item. */
  targets: string[];
  addresses: string[];
  conversations: string[];
}

const json = (value: readonly string[]) => JSON.stringify(value);
const parsedArray = <T>(text: string | null): T[] => {
  if (text === null) return [];
  const value: unknown = JSON.parse(text);
  return Array.isArray(value) ? (value as T[]) : [];
};

/** The ids of the refs, by connection. */
function byProfile(refs: readonly CaseItemRef[]): Map<string, string[]> {
  const grouped = new Map<string, string[]>();
  for (const ref of refs) {
    const key = ref.profileId ?? '';
    grouped.set(key, [...(grouped.get(key) ?? []), ref.itemId]);
  }
  return grouped;
}

export class CaseSources {
  readonly #db: Db;

  constructor(db: Db) {
    this.#db = db;
  }

  /** The cached alerts among `refs` (all of kind alert), by `<profile>:<id>`. */
  alerts(refs: readonly CaseItemRef[]): Map<string, AlertFacts> {
    const found = new Map<string, AlertFacts>();
    const read = this.#db.prepare<[string, string], Omit<AlertFacts, 'occurredAt'> & { occurred_ms: number | null; src_ip: string | null; dst_ip: string | null }>(
      `SELECT a.id, a.severity, a.occurred_ms, a.category, a.action, a.src_ip, a.dst_ip, a.signature, a.message
       FROM firewall_alerts a JOIN firewall_profile_keys k ON k.key = a.profile_key
       WHERE k.profile_id = ? AND a.id IN (SELECT value FROM json_each(?))`,
    );
    for (const [profileId, ids] of byProfile(refs)) {
      for (const row of read.all(profileId, json(ids))) {
        found.set(`${profileId}:${row.id}`, {
          id: row.id,
          severity: row.severity,
          occurredAt: row.occurred_ms === null ? null : new Date(row.occurred_ms).toISOString(),
          category: row.category,
          action: row.action,
          srcIp: row.src_ip,
          dstIp: row.dst_ip,
          signature: row.signature,
          message: row.message,
        });
      }
    }
    return found;
  }

  tickets(refs: readonly CaseItemRef[]): Map<string, TicketFacts> {
    const found = new Map<string, TicketFacts>();
    const read = this.#db.prepare<[string, string], { id: string; subject: string | null; status: string; visitor_name: string | null; created_at: string | null; closed_at: string | null; close_note: string | null; synced_at: string; messages: string | null; last_message: string | null }>(
      `SELECT id, subject, status, visitor_name, created_at, closed_at, close_note, synced_at, messages, last_message FROM support_tickets
       WHERE profile_id = ? AND id IN (SELECT value FROM json_each(?))`,
    );
    for (const [profileId, ids] of byProfile(refs)) {
      for (const row of read.all(profileId, json(ids))) {
        // A ticket listed but never opened has its last message only.
        const messages = row.messages !== null ? parsedArray<TicketMessage>(row.messages) : row.last_message !== null ? [JSON.parse(row.last_message) as TicketMessage] : [];
        found.set(`${profileId}:${row.id}`, {
          id: row.id,
          subject: row.subject,
          status: row.status,
          visitorName: row.visitor_name,
          createdAt: row.created_at,
          closedAt: row.closed_at,
          closeNote: row.close_note,
          syncedAt: row.synced_at,
          messages,
        });
      }
    }
    return found;
  }

  contacts(refs: readonly CaseItemRef[]): Map<string, FollowedFacts> {
    return this.#followed('support_contacts', 'name', "concat_ws(' · ', email, company)", refs);
  }

  workItems(refs: readonly CaseItemRef[]): Map<string, FollowedFacts> {
    return this.#followed('support_work_items', 'title', 'description', refs);
  }

  conversations(ids: readonly string[]): Map<string, ConversationFacts> {
    const found = new Map<string, ConversationFacts>();
    const conversations = this.#db.prepare<[string], { id: string; title: string }>('SELECT id, title FROM conversations WHERE id IN (SELECT value FROM json_each(?))').all(json(ids));
    const turns = this.#db.prepare<[string], { id: string; role: 'user' | 'assistant'; content: string; model: string | null; created_at: string }>(
      'SELECT id, role, content, model, created_at FROM chat_messages WHERE conversation_id = ? ORDER BY position',
    );
    for (const { id, title } of conversations) {
      found.set(id, { id, title, turns: turns.all(id).map((turn) => ({ id: turn.id, role: turn.role, content: turn.content, model: turn.model, createdAt: turn.created_at })) });
    }
    return found;
  }

  blocks(refs: readonly CaseItemRef[]): Map<string, BlockFacts> {
    const found = new Map<string, BlockFacts>();
    const read = this.#db.prepare<[string, string], { id: string; ip: string; reason: string | null; created_at: string | null; expires_at: string | null }>(
      'SELECT id, ip, reason, created_at, expires_at FROM firewall_blocklist WHERE profile_id = ? AND id IN (SELECT value FROM json_each(?))',
    );
    for (const [profileId, ids] of byProfile(refs)) {
      for (const row of read.all(profileId, json(ids))) found.set(`${profileId}:${row.id}`, { id: row.id, ip: row.ip, reason: row.reason, createdAt: row.created_at, expiresAt: row.expires_at });
    }
    return found;
  }

  /** Allow entries the window was shown (the allow list is read live from the appliance), by `<profile>:<id>`: their address and description. */
  allowEntries(refs: readonly CaseItemRef[]): Map<string, { ip: string; description: string | null }> {
    const found = new Map<string, { ip: string; description: string | null }>();
    const read = this.#db.prepare<[string, string], { id: string; title: string; body: string | null }>(
      "SELECT id, title, body FROM search_seen WHERE kind = 'allow' AND profile_id = ? AND id IN (SELECT value FROM json_each(?))",
    );
    for (const [profileId, ids] of byProfile(refs)) {
      for (const row of read.all(profileId, json(ids))) found.set(`${profileId}:${row.id}`, { ip: row.title, description: row.body });
    }
    return found;
  }

  /** Of these addresses, those a cached block list holds and those an allow list the window was shown holds (each as written there). */
  standing(addresses: readonly string[]): { blocked: Set<string>; allowed: Set<string> } {
    const list = json(addresses);
    const blocked = this.#db.prepare<[string], string>('SELECT DISTINCT ip FROM firewall_blocklist WHERE ip IN (SELECT value FROM json_each(?))').pluck().all(list);
    const allowed = this.#db.prepare<[string], string>("SELECT DISTINCT title FROM search_seen WHERE kind = 'allow' AND title IN (SELECT value FROM json_each(?))").pluck().all(list);
    return { blocked: new Set(blocked), allowed: new Set(allowed) };
  }

  /** What the cache holds of the alerts among `refs` beyond their columns (the fields OpsDesk has no column for, the detail the window was shown), by `<profile>:<id>`. */
  alertPayloads(refs: readonly CaseItemRef[]): Map<string, { other: unknown; detail: unknown }> {
    const found = new Map<string, { other: unknown; detail: unknown }>();
    const read = this.#db.prepare<[string, string], { id: string; other: string | null; detail: string | null }>(
      `SELECT a.id, a.other, a.detail FROM firewall_alerts a JOIN firewall_profile_keys k ON k.key = a.profile_key
       WHERE k.profile_id = ? AND a.id IN (SELECT value FROM json_each(?)) AND (a.other IS NOT NULL OR a.detail IS NOT NULL)`,
    );
    for (const [profileId, ids] of byProfile(refs)) {
      for (const row of read.all(profileId, json(ids))) {
        found.set(`${profileId}:${row.id}`, { other: row.other === null ? null : JSON.parse(row.other), detail: row.detail === null ? null : JSON.parse(row.detail) });
      }
    }
    return found;
  }

  /** How many cached alerts, on every appliance, name each address as their source or destination (as written, or an IPv4 host mapped into IPv6). */
  alertCounts(addresses: readonly string[]): Map<string, number> {
    const keys = this.#db.prepare<[], number>('SELECT key FROM firewall_profile_keys').pluck().all();
    // Each column through its own index: (profile_key, src_ip) and (profile_key, dst_ip).
    const count = this.#db.prepare<[number, string, number, string], number>(
      `SELECT COUNT(*) FROM firewall_alerts WHERE rowid IN (
         SELECT rowid FROM firewall_alerts WHERE profile_key = ? AND src_ip IN (SELECT value FROM json_each(?))
         UNION SELECT rowid FROM firewall_alerts WHERE profile_key = ? AND dst_ip IN (SELECT value FROM json_each(?)))`,
    ).pluck();
    const counts = new Map<string, number>();
    for (const address of addresses) {
      const parsed = parseAddress(address);
      const forms = json(parsed ? writtenForms(parsed) : [address]);
      counts.set(address, keys.reduce((total, key) => total + count.get(key, forms, key, forms)!, 0));
    }
    return counts;
  }

  /** The activity log's entries the case's timeline shows, oldest first. */
  writes(query: WriteQuery): WriteFacts[] {
    const rows = this.#db
      .prepare<Record<string, string>, Record<string, string | number | null>>(
        `SELECT * FROM activity_log WHERE (target_kind = 'case' AND target_id = @caseId)
           OR target_address IN (SELECT value FROM json_each(@addresses))
           OR (target_kind || ':' || target_id) IN (SELECT value FROM json_each(@targets))
           OR proposed_by_conversation IN (SELECT value FROM json_each(@conversations))
         ORDER BY at, seq`,
      )
      .all({ caseId: query.caseId, addresses: json(query.addresses), targets: json(query.targets), conversations: json(query.conversations) });
    return rows.map((row) => ({
      id: row['id'] as string,
      at: row['at'] as string,
      updatedAt: row['updated_at'] as string,
      osUser: row['os_user'] as string | null,
      profileId: row['profile_id'] as string | null,
      profileName: row['profile_name'] as string | null,
      backEnd: row['back_end'] as ActivityBackEnd,
      action: row['action'] as string,
      params: row['params'] === null ? null : (JSON.parse(row['params'] as string) as Record<string, string | number>),
      targetKind: row['target_kind'] as string,
      targetId: row['target_id'] as string | null,
      targetAddress: row['target_address'] as string | null,
      targetLabel: row['target_label'] as string | null,
      requestId: row['request_id'] as string | null,
      outcome: row['outcome'] as ActivityOutcome,
      errorCode: row['error_code'] as string | null,
      proposedBy: row['proposed_by_conversation'] as string | null,
    }));
  }

  #followed(table: string, titleColumn: string, descriptionSql: string, refs: readonly CaseItemRef[]): Map<string, FollowedFacts> {
    const found = new Map<string, FollowedFacts>();
    const read = this.#db.prepare<[string, string], { id: string; title: string | null; description: string | null; created_at: string | null; follows: string | null }>(
      `SELECT id, ${titleColumn} AS title, ${descriptionSql} AS description, created_at, follows FROM ${table} WHERE profile_id = ? AND id IN (SELECT value FROM json_each(?))`,
    );
    for (const [profileId, ids] of byProfile(refs)) {
      for (const row of read.all(profileId, json(ids))) {
        found.set(`${profileId}:${row.id}`, { id: row.id, title: row.title, description: row.description, createdAt: row.created_at, follows: parsedArray<FollowUp>(row.follows) });
      }
    }
    return found;
  }
}
