// What the meaning index embeds of each cached item, read from the cache tables in rowid order (so
// a scan resumes where it stopped): the text of an alert, a ticket, a knowledge-base or FAQ entry,
// a work item, a conversation, a case with its notes, with only the fields the model-at-work
// settings let go to the gateway, cut into chunks where long. The hash of those chunks says whether
// an item changed since it was embedded (a changed privacy setting changes it too).
import { createHash } from 'node:crypto';
import type { PromptField } from '../../../src-shared/contract/assistant.ts';
import type { MeaningKind } from '../../../src-shared/contract/meaning.ts';
import type { Db } from '../db/database.ts';
import { maskContactDetails, workstationRegion } from '../drafting/contact-mask.ts';

/** The tables scanned, each a kind of item or (search_seen) two. */
export const meaningSources = ['alert', 'ticket', 'answer', 'work', 'conversation', 'case'] as const;
export type MeaningSource = (typeof meaningSources)[number];

/**
 * A chunk's length: a model's input limit is "not shown" (docs/api-assumptions.md, embeddings), and
 * about 1,500 characters (some 400 tokens of English, fewer characters of Chinese per token) fits
 * every embedding model's, while a chunk still says one thing.
 */
export const CHUNK_CHARS = 1500;
/** Each chunk after the first repeats the end of the one before, so a sentence cut at a boundary is whole in one of them. */
const CHUNK_OVERLAP = 200;
/** Chunks kept per item: the text after them (a conversation's 200th message) is left out, the head says what an item is about. */
export const MAX_CHUNKS = 16;

export interface ItemText {
  rowid: number;
  kind: MeaningKind;
  profileId: string;
  itemId: string;
  /** What is embedded, one vector each: the head (title, subject) starts every chunk. */
  chunks: string[];
  hash: string;
}

export interface ItemPrivacy {
  sends(field: PromptField): boolean;
}

interface AlertRow {
  rowid: number;
  profileId: string;
  id: string;
  signature: string | null;
  message: string | null;
  category: string | null;
  srcIp: string | null;
  dstIp: string | null;
}

interface TicketRow {
  rowid: number;
  profileId: string;
  id: string;
  subject: string | null;
  visitorName: string | null;
  messages: string | null;
  lastMessage: string | null;
}

interface TextRow {
  rowid: number;
  profileId: string | null;
  kind?: 'kb' | 'faq';
  id: string;
  title: string | null;
  body: string | null;
}

const hashOf = (chunks: readonly string[]) => createHash('sha256').update(chunks.join('\u0000')).digest('base64url');

/** Where a chunk of `text` ends at the latest `end`: at a paragraph, a sentence or a space when one is near. */
function cutAt(text: string, start: number, end: number): number {
  if (end >= text.length) return text.length;
  const window = text.slice(start + Math.floor((end - start) / 2), end);
  for (const boundary of [/\n\s*\n(?![\s\S]*\n\s*\n)/, /[.!?。！？]\s(?![\s\S]*[.!?。！？]\s)/, /\s(?![\s\S]*\s)/]) {
    const found = boundary.exec(window);
    if (found) return start + Math.floor((end - start) / 2) + found.index + found[0].length;
  }
  return end;
}

/** The head, then the body in chunks of at most CHUNK_CHARS each (the head included), overlapping. */
export function chunksOf(head: string, body: string): string[] {
  const title = head.trim().slice(0, CHUNK_CHARS / 3);
  const text = body.trim();
  const room = CHUNK_CHARS - (title === '' ? 0 : title.length + 1);
  const chunks: string[] = [];
  let start = 0;
  do {
    const end = cutAt(text, start, start + room);
    chunks.push([title, text.slice(start, end).trim()].filter((part) => part !== '').join('\n'));
    if (end >= text.length) break;
    start = Math.max(end - CHUNK_OVERLAP, start + 1);
  } while (chunks.length < MAX_CHUNKS);
  return chunks.filter((chunk) => chunk !== '');
}

function item(rowid: number, kind: MeaningKind, profileId: string | null, itemId: string, head: string, body: string): ItemText | null {
  const chunks = chunksOf(head, body);
  return chunks.length === 0 ? null : { rowid, kind, profileId: profileId ?? '', itemId, chunks, hash: hashOf(chunks) };
}

function alertText(row: AlertRow, privacy: ItemPrivacy): string {
  const parts: [PromptField, string | null][] = [
    ['alert.signature', row.signature],
    ['alert.message', row.message],
    ['alert.category', row.category],
    ['alert.srcIp', row.srcIp && `from ${row.srcIp}`],
    ['alert.dstIp', row.dstIp && `to ${row.dstIp}`],
  ];
  return parts.filter(([field, value]) => value && privacy.sends(field)).map(([, value]) => value).join('\n');
}

/** Each message's text, as migration 23's full-text index reads them. */
function ticketMessages(row: TicketRow): string[] {
  for (const json of [row.messages, row.lastMessage]) {
    if (!json) continue;
    try {
      const parsed: unknown = JSON.parse(json);
      const list = Array.isArray(parsed) ? parsed : [parsed];
      const texts = list.flatMap((message) => (typeof message === 'object' && message !== null && typeof (message as { text?: unknown }).text === 'string' ? [(message as { text: string }).text] : []));
      if (texts.length > 0) return texts;
    } catch {
      // A message list that is not JSON has no text to read.
    }
  }
  return [];
}

/** A text someone outside may have written into: the e-mail addresses and phone numbers the settings keep home masked, as a drafted reply masks them. */
function masked(text: string, privacy: ItemPrivacy): string {
  return maskContactDetails(text, { email: !privacy.sends('visitor.email'), phone: !privacy.sends('visitor.phone'), phoneRegion: workstationRegion() });
}

/** The subject and messages, masked; the visitor's name too unless allowed. */
function ticketItem(row: TicketRow, privacy: ItemPrivacy): ItemText | null {
  const name = row.visitorName?.trim();
  const withoutName = (text: string) => (!privacy.sends('visitor.name') && name && name.length >= 3 ? text.replaceAll(name, '[visitor]') : text);
  return item(row.rowid, 'ticket', row.profileId, row.id, withoutName(masked(row.subject ?? '', privacy)), withoutName(masked(ticketMessages(row).join('\n\n'), privacy)));
}

/** Conversations with their messages, oldest first, one text. */
const CONVERSATIONS = `SELECT c.rowid, c.profile_id AS profileId, c.id, c.title,
    (SELECT group_concat(content, char(10, 10)) FROM (SELECT content FROM chat_messages m WHERE m.conversation_id = c.id ORDER BY m.position)) AS body
  FROM conversations c WHERE c.rowid > ? ORDER BY c.rowid LIMIT ?`;

/** Cases with their title, tags and notes, oldest note first; a case has no connection of its own. */
const CASES = `SELECT c.rowid, NULL AS profileId, c.id, c.title,
    concat_ws(char(10, 10), nullif(c.tags, '[]'), (SELECT group_concat(body, char(10, 10)) FROM (SELECT body FROM case_notes n WHERE n.case_id = c.id ORDER BY n.created_at, n.id))) AS body
  FROM cases c WHERE c.rowid > ? ORDER BY c.rowid LIMIT ?`;

/** The fields read once per call, not once per row: each answer of the settings is a read of the database. */
const fieldsRead: readonly PromptField[] = ['alert.signature', 'alert.message', 'alert.category', 'alert.srcIp', 'alert.dstIp', 'visitor.name', 'visitor.email', 'visitor.phone'];

/** The next items of a source after `afterRowid`, at most `limit` rows read (some may have nothing to embed). */
export function readItems(db: Db, source: MeaningSource, afterRowid: number, limit: number, settings: ItemPrivacy): { items: ItemText[]; lastRowid: number | null } {
  const sent = new Set(fieldsRead.filter((field) => settings.sends(field)));
  const privacy: ItemPrivacy = { sends: (field) => sent.has(field) };
  let rows: { rowid: number }[];
  let items: (ItemText | null)[];
  if (source === 'alert') {
    const read = db
      .prepare<[number, number], AlertRow>(
        `SELECT a.rowid, k.profile_id AS profileId, a.id, a.signature, a.message, a.category, a.src_ip AS srcIp, a.dst_ip AS dstIp
         FROM firewall_alerts a JOIN firewall_profile_keys k ON k.key = a.profile_key WHERE a.rowid > ? ORDER BY a.rowid LIMIT ?`,
      )
      .all(afterRowid, limit);
    rows = read;
    items = read.map((row) => item(row.rowid, 'alert', row.profileId, row.id, '', alertText(row, privacy)));
  } else if (source === 'ticket') {
    const read = db
      .prepare<[number, number], TicketRow>(
        `SELECT rowid, profile_id AS profileId, id, subject, visitor_name AS visitorName, messages, last_message AS lastMessage
         FROM support_tickets WHERE rowid > ? ORDER BY rowid LIMIT ?`,
      )
      .all(afterRowid, limit);
    rows = read;
    items = read.map((row) => ticketItem(row, privacy));
  } else if (source === 'answer') {
    const read = db
      .prepare<[number, number], TextRow>(`SELECT rowid, profile_id AS profileId, kind, id, title, body FROM search_seen WHERE kind IN ('kb', 'faq') AND rowid > ? ORDER BY rowid LIMIT ?`)
      .all(afterRowid, limit);
    rows = read;
    items = read.map((row) => item(row.rowid, row.kind!, row.profileId, row.id, row.title ?? '', row.body ?? ''));
  } else {
    const sql = {
      work: `SELECT rowid, profile_id AS profileId, id, title, description AS body FROM support_work_items WHERE rowid > ? ORDER BY rowid LIMIT ?`,
      conversation: CONVERSATIONS,
      case: CASES,
    }[source];
    const read = db.prepare<[number, number], TextRow>(sql).all(afterRowid, limit);
    rows = read;
    items = read.map((row) => item(row.rowid, source, row.profileId, row.id, masked(row.title ?? '', privacy), masked(row.body ?? '', privacy)));
  }
  return { items: items.filter((found): found is ItemText => found !== null), lastRowid: rows.at(-1)?.rowid ?? null };
}

/** How many rows each source holds now: what "indexed n of m" counts against. */
export function countItems(db: Db): number {
  return db
    .prepare<[], number>(
      `SELECT (SELECT COUNT(*) FROM firewall_alerts) + (SELECT COUNT(*) FROM support_tickets) + (SELECT COUNT(*) FROM search_seen WHERE kind IN ('kb', 'faq'))
         + (SELECT COUNT(*) FROM support_work_items) + (SELECT COUNT(*) FROM conversations) + (SELECT COUNT(*) FROM cases)`,
    )
    .pluck()
    .get()!;
}
