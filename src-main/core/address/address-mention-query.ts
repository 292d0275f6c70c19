// Which cached tickets, contacts, work items and conversations mention an address: SQLite narrows
// each table to the rows whose text holds the address's written form (or a range's leading
// octets), the shared recogniser then reads those rows' texts, so "10.0.0.1" is not found in
// "10.0.0.12". Read newest first and stopped at the limit.
import type { AddressMention, AddressMentions, MentionKind } from '../../../src-shared/contract/address.ts';
import { findAddresses, mentionsAddress, type ParsedAddress } from '../../../src-shared/address-mentions.ts';
import type { Db } from '../db/database.ts';
import { writtenNeedle } from '../db/address-match.ts';

/** Characters of context on each side of the mention in an excerpt. */
const EXCERPT_CONTEXT = 80;

interface Candidate {
  profile_id: string | null;
  id: string;
  title: string | null;
  at: string | null;
  /** The row's searchable texts: plain columns and JSON ones, read by `textsOf`. */
  [column: string]: unknown;
}

interface Table {
  kind: MentionKind;
  /** Candidates newest first; `@needle` is the text every mention holds. */
  sql: string;
  /** The texts a reader sees, in the order the item shows them. */
  textsOf(row: Candidate): string[];
}

const parsedList = (json: unknown): unknown[] => {
  if (typeof json !== 'string') return [];
  const value: unknown = JSON.parse(json);
  return Array.isArray(value) ? value : [value];
};
const fieldOf = (item: unknown, name: string): string[] => {
  const value = item !== null && typeof item === 'object' ? (item as Record<string, unknown>)[name] : undefined;
  return typeof value === 'string' ? [value] : [];
};
const strings = (...values: unknown[]): string[] => values.filter((value): value is string => typeof value === 'string');
/** Every string a JSON object of fields OpsDesk has no column for holds (a contact's notes under whatever name). */
const otherStrings = (json: unknown): string[] =>
  typeof json === 'string' ? Object.values(JSON.parse(json) as Record<string, unknown>).filter((value): value is string => typeof value === 'string') : [];

const TABLES: readonly Table[] = [
  {
    kind: 'ticket',
    sql: `SELECT profile_id, id, subject AS title, activity_at AS at, messages, last_message, close_note FROM support_tickets
      WHERE instr(concat_ws(' ', subject, messages, last_message, close_note), @needle) > 0 ORDER BY activity_at DESC`,
    textsOf: (row) => [
      ...strings(row.title),
      ...parsedList(row.messages).flatMap((message) => fieldOf(message, 'text')),
      ...parsedList(row.last_message).flatMap((message) => fieldOf(message, 'text')),
      ...strings(row.close_note),
    ],
  },
  {
    kind: 'contact',
    sql: `SELECT profile_id, id, name AS title, activity_at AS at, email, company, follows, other FROM support_contacts
      WHERE instr(concat_ws(' ', name, email, company, follows, other), @needle) > 0 ORDER BY activity_at DESC`,
    textsOf: (row) => [...strings(row.title, row.company, row.email), ...parsedList(row.follows).flatMap((follow) => fieldOf(follow, 'note')), ...otherStrings(row.other)],
  },
  {
    kind: 'workItem',
    sql: `SELECT profile_id, id, title, activity_at AS at, description, follows FROM support_work_items
      WHERE instr(concat_ws(' ', title, description, follows), @needle) > 0 ORDER BY activity_at DESC`,
    textsOf: (row) => [...strings(row.title, row.description), ...parsedList(row.follows).flatMap((follow) => fieldOf(follow, 'note'))],
  },
  {
    // A conversation once, however many of its messages name the address.
    kind: 'conversation',
    sql: `SELECT c.profile_id, c.id, c.title, c.updated_at AS at, group_concat(m.content, char(10)) AS content FROM conversations c
      LEFT JOIN chat_messages m ON m.conversation_id = c.id AND instr(m.content, @needle) > 0
      WHERE instr(c.title, @needle) > 0 OR m.id IS NOT NULL GROUP BY c.id ORDER BY c.updated_at DESC`,
    textsOf: (row) => strings(row.title, row.content),
  },
];

function excerptOf(text: string, parsed: ParsedAddress): string {
  const mention = findAddresses(text).find((found) => mentionsAddress(text.slice(found.start, found.end), parsed)) ?? { start: 0, end: 0 };
  const start = Math.max(0, mention.start - EXCERPT_CONTEXT);
  const end = Math.min(text.length, mention.end + EXCERPT_CONTEXT);
  return `${start > 0 ? '…' : ''}${text.slice(start, end)}${end < text.length ? '…' : ''}`;
}

export class AddressMentionQuery {
  readonly #statements;

  constructor(db: Db) {
    this.#statements = TABLES.map((table) => ({ table, statement: db.prepare<{ needle: string }, Candidate>(table.sql) }));
  }

  /** Up to `limit` items of each kind that mention the address, newest first. */
  find(parsed: ParsedAddress, limit: number): AddressMentions {
    const needle = writtenNeedle(parsed);
    const found: AddressMentions = { ticket: [], contact: [], workItem: [], conversation: [] };
    for (const { table, statement } of this.#statements) {
      const mentions: AddressMention[] = found[table.kind];
      for (const row of statement.iterate({ needle })) {
        const text = table.textsOf(row).find((candidate) => candidate.includes(needle) && mentionsAddress(candidate, parsed));
        if (text === undefined) continue;
        mentions.push({ kind: table.kind, profileId: row.profile_id, id: row.id, title: row.title, excerpt: excerptOf(text, parsed), at: row.at });
        if (mentions.length >= limit) break;
      }
    }
    return found;
  }
}
