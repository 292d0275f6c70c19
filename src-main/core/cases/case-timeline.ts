// A case's timeline made from what its items' caches hold (case-sources.ts): every event of every
// item, each with when it happened and, where OpsDesk knows it and it differs, when OpsDesk learned
// of it. Pure: the service reads, this builds, filters, orders and counts.
import { createHash } from 'node:crypto';
import type { Triage } from '../../../src-shared/contract/assistant.ts';
import type { CaseItemRef, TimelineEvent, TimelineEventKind, TimelineFilter, TimelineWhat } from '../../../src-shared/contract/cases.ts';
import type { NavigationTarget } from '../../../src-shared/contract/workspace.ts';
import { addressesOverlap, findAddresses, parseAddress } from '../../../src-shared/address-mentions.ts';
import type { StoredCaseItem } from './case-item-repository.ts';
import type { StoredCaseNote } from './case-note-repository.ts';
import { ACTIVITY_KIND_OF, type AlertFacts, type BlockFacts, type ConversationFacts, type FollowedFacts, type TicketFacts, type WriteFacts } from './case-sources.ts';

/** One line of an event: its text's first line, cut. */
const SUMMARY_LENGTH = 240;
/** What an event carries of a long text (a triage's prompt lists its alerts): enough to read, not a megabyte per row. */
const TEXT_LENGTH = 20_000;
/** A write that settled this much later than it was made was learned of then. */
const LEARNED_LATER_MS = 1000;
/** The activity log's action for a note on a case (case-service.ts). */
const NOTE_WRITTEN = 'addCaseNote';
/** The addresses offered for the address filter. */
const MOST_ADDRESSES = 100;

/** What the timeline is made from, read by the service. */
export interface TimelineSources {
  items: readonly StoredCaseItem[];
  alerts: ReadonlyMap<string, AlertFacts>;
  tickets: ReadonlyMap<string, TicketFacts>;
  contacts: ReadonlyMap<string, FollowedFacts>;
  workItems: ReadonlyMap<string, FollowedFacts>;
  conversations: ReadonlyMap<string, ConversationFacts>;
  triages: ReadonlyMap<string, Triage>;
  blocks: ReadonlyMap<string, BlockFacts>;
  writes: readonly WriteFacts[];
  notes: readonly StoredCaseNote[];
  /** Events an import brought (another workstation's reading). */
  kept: readonly TimelineEvent[];
}

/** An event and whether it was read from a cache (it wins over a kept one) or only from what the case kept of its item. */
interface Built {
  event: TimelineEvent;
  fromCache: boolean;
}

/** A time as ISO, when it is one; a server's time in another form is kept as sent. */
const isoOf = (value: string | null | undefined): string | null => {
  if (!value) return null;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? value : new Date(ms).toISOString();
};

export function lineOf(text: string): string {
  const first = text.trim().split(/\r?\n/, 1)[0] ?? '';
  return first.length > SUMMARY_LENGTH ? `${first.slice(0, SUMMARY_LENGTH - 1)}…` : first;
}

const wholeText = (text: string | null | undefined): string | null => {
  if (!text) return null;
  const trimmed = text.trim();
  if (trimmed === lineOf(trimmed)) return null;
  return trimmed.length > TEXT_LENGTH ? `${trimmed.slice(0, TEXT_LENGTH - 1)}…` : trimmed;
};

const addressesIn = (...texts: (string | null | undefined)[]): string[] => [...new Set(texts.flatMap((text) => (text ? findAddresses(text).map((found) => found.address) : [])))];

const keyOf = (ref: CaseItemRef) => `${ref.profileId ?? ''}:${ref.itemId}`;
const refOf = (item: StoredCaseItem): CaseItemRef => ({ kind: item.kind, profileId: item.profileId, itemId: item.itemId });

/** The tab that shows an item. */
export function itemTarget(ref: CaseItemRef): NavigationTarget | null {
  const { kind, profileId, itemId } = ref;
  if (kind === 'address') return { kind: 'address', params: { address: itemId } };
  if (kind === 'conversation') return { kind: 'conversation', params: { id: itemId } };
  if (profileId === null) return null;
  switch (kind) {
    case 'alert':
      return { kind: 'alert', params: { profileId, alertId: itemId } };
    case 'ticket':
      return { kind: 'ticket', params: { profileId, ticketId: itemId } };
    case 'contact':
      return { kind: 'support', params: { profileId, section: 'contacts', itemId } };
    case 'work':
      return { kind: 'support', params: { profileId, section: 'work', itemId } };
    case 'block':
      return { kind: 'block', params: { profileId, entryId: itemId } };
    case 'allow':
      return { kind: 'firewall', params: { profileId, section: 'allowlist' } };
  }
}

function event(fields: Partial<TimelineEvent> & Pick<TimelineEvent, 'id' | 'kind' | 'what' | 'at' | 'summary'>): TimelineEvent {
  return {
    learnedAt: null,
    item: null,
    itemLabel: null,
    actor: null,
    text: null,
    addresses: [],
    severity: null,
    write: null,
    proposal: null,
    notes: 0,
    target: null,
    ...fields,
  };
}

/** An alert's one event: from what the case kept of it when it was added, else from the cache. */
function alertEvents(item: StoredCaseItem, cached: AlertFacts | undefined): Built[] {
  const kept = item.facts;
  const at = isoOf(kept ? item.occurredAt : (cached?.occurredAt ?? item.occurredAt));
  if (!at) return [];
  const summary = kept ? (item.label ?? item.itemId) : cached ? (cached.signature ?? cached.message ?? cached.category ?? cached.id) : (item.label ?? item.itemId);
  const message = kept ? (kept.message ?? null) : (cached?.message ?? null);
  const addresses = kept ? [item.address, kept.dstIp ?? null] : cached ? [cached.srcIp, cached.dstIp] : [item.address];
  return [{
    fromCache: kept !== undefined && kept !== null ? true : cached !== undefined,
    event: event({
      id: `alert:${keyOf(item)}`,
      kind: 'alert',
      what: 'alertRaised',
      at,
      summary: lineOf(summary),
      text: message && message !== summary ? (wholeText(message) ?? message) : null,
      addresses: addresses.filter((address): address is string => address !== null && address !== undefined),
      severity: (kept ? kept.severity : cached?.severity) ?? null,
    }),
  }];
}

function ticketEvents(item: StoredCaseItem, facts: TicketFacts | undefined): Built[] {
  if (!facts) return [];
  const base = `ticket:${keyOf(item)}`;
  const built: TimelineEvent[] = [];
  const opened = isoOf(facts.createdAt);
  if (opened) built.push(event({ id: `${base}:opened`, kind: 'ticket', what: 'ticketOpened', at: opened, summary: lineOf(facts.subject ?? facts.id), actor: facts.visitorName, addresses: addressesIn(facts.subject) }));
  for (const message of facts.messages) {
    const at = isoOf(message.createdAt) ?? opened ?? isoOf(facts.syncedAt)!;
    built.push(event({
      id: `${base}:message:${message.id}`,
      kind: 'ticket',
      what: 'ticketMessage',
      at,
      learnedAt: message.createdAt ? null : isoOf(facts.syncedAt),
      actor: message.author ?? message.from,
      summary: lineOf(message.text),
      text: wholeText(message.text),
      addresses: addressesIn(message.text),
    }));
  }
  const closed = isoOf(facts.closedAt);
  if (closed) built.push(event({ id: `${base}:closed`, kind: 'ticket', what: 'ticketClosed', at: closed, summary: lineOf(facts.closeNote ?? ''), text: wholeText(facts.closeNote), addresses: addressesIn(facts.closeNote) }));
  return built.map((made) => ({ event: made, fromCache: true }));
}

function followedEvents(item: StoredCaseItem, facts: FollowedFacts | undefined, kind: 'contact' | 'work'): Built[] {
  if (!facts) return [];
  const base = `${kind}:${keyOf(item)}`;
  const built: TimelineEvent[] = [];
  const created = isoOf(facts.createdAt);
  if (created) {
    built.push(event({
      id: `${base}:opened`,
      kind,
      what: kind === 'contact' ? 'contactAdded' : 'workOpened',
      at: created,
      summary: lineOf(facts.title ?? facts.id),
      text: wholeText(facts.description) ?? (facts.description || null),
      addresses: addressesIn(facts.title, facts.description),
    }));
  }
  for (const follow of facts.follows) {
    const at = isoOf(follow.createdAt) ?? created;
    if (!at) continue;
    built.push(event({ id: `${base}:follow:${follow.id}`, kind, what: 'followUp', at, actor: follow.author, summary: lineOf(follow.note ?? follow.kind ?? ''), text: wholeText(follow.note), addresses: addressesIn(follow.note) }));
  }
  return built.map((made) => ({ event: made, fromCache: true }));
}

function conversationEvents(item: StoredCaseItem, facts: ConversationFacts | undefined, triage: Triage | undefined): Built[] {
  if (!facts) return [];
  const built: TimelineEvent[] = facts.turns.map((turn) =>
    event({
      id: `turn:${turn.id}`,
      kind: 'conversation',
      what: turn.role === 'user' ? 'turnAsked' : 'turnAnswered',
      at: isoOf(turn.createdAt)!,
      actor: turn.role === 'assistant' ? turn.model : null,
      summary: lineOf(turn.content),
      text: wholeText(turn.content),
      addresses: addressesIn(turn.content),
    }),
  );
  const { reading, decision } = triage ?? {};
  if (reading?.kind === 'proposal') {
    const answered = facts.turns.find((turn) => turn.id === reading.messageId);
    const { verdict } = reading;
    const proposal = { action: verdict.action, address: verdict.address, assessment: verdict.assessment };
    built.push(event({
      id: `proposal:${facts.id}:${reading.messageId}`,
      kind: 'proposal',
      what: 'proposed',
      at: isoOf(answered?.createdAt) ?? isoOf(decision?.at) ?? new Date(0).toISOString(),
      actor: answered?.model ?? null,
      summary: lineOf(verdict.reason),
      text: wholeText(verdict.reason),
      addresses: verdict.address ? [verdict.address] : [],
      severity: verdict.severity,
      proposal,
    }));
    if (decision) {
      built.push(event({
        id: `decision:${facts.id}:${decision.messageId}`,
        kind: 'proposal',
        what: decision.kind,
        at: isoOf(decision.at)!,
        summary: decision.blockedIp ?? '',
        addresses: decision.blockedIp ? [decision.blockedIp] : [],
        proposal: { ...proposal, address: decision.blockedIp ?? proposal.address },
      }));
    }
  }
  return built.map((made) => ({ event: { ...made, target: { kind: 'conversation', params: { id: facts.id } } }, fromCache: true }));
}

function blockEvents(item: StoredCaseItem, facts: BlockFacts | undefined): Built[] {
  const at = isoOf(facts?.createdAt);
  if (!facts || !at) return [];
  return [{
    fromCache: true,
    event: event({ id: `block:${keyOf(item)}`, kind: 'block', what: 'blockListed', at, summary: lineOf(facts.reason ?? facts.ip), text: wholeText(facts.reason), addresses: [facts.ip] }),
  }];
}

/** A write: about one of the case's items when its target is one (a ticket replied to, a conversation asked), named by it. */
function writeEvent(write: WriteFacts, about: StoredCaseItem | undefined): TimelineEvent {
  const settledLater = Date.parse(write.updatedAt) - Date.parse(write.at) > LEARNED_LATER_MS;
  const ref = about && refOf(about);
  return event({
    id: `write:${write.id}`,
    kind: write.targetKind === 'case' ? 'case' : 'write',
    what: 'write',
    at: write.at,
    learnedAt: settledLater ? write.updatedAt : null,
    actor: write.osUser,
    // A change of the case names the case, which the timeline is of.
    summary: write.targetKind === 'case' ? '' : lineOf(write.targetLabel ?? write.targetAddress ?? about?.label ?? write.targetId ?? ''),
    ...(ref && { item: ref, itemLabel: about!.label }),
    addresses: write.targetAddress ? [write.targetAddress] : [],
    write: {
      backEnd: write.backEnd,
      action: { code: write.action, ...(write.params && { params: write.params }) },
      outcome: write.outcome,
      requestId: write.requestId,
      errorCode: write.errorCode,
      profileName: write.profileName,
      proposedBy: write.proposedBy,
    },
    target: ref ? itemTarget(ref) : write.proposedBy ? { kind: 'conversation', params: { id: write.proposedBy } } : null,
  });
}

function noteEvent(note: StoredCaseNote): TimelineEvent {
  return event({ id: `note:${note.id}`, kind: 'note', what: 'note', at: note.createdAt, actor: note.author, summary: lineOf(note.body), text: wholeText(note.body), addresses: addressesIn(note.body) });
}

/**
 * Every event of the case, newest first. An event read from a cache wins over one an import kept
 * under the same id; an import's event wins over one made only from what the case kept of an item
 * this workstation has never cached.
 */
export function buildTimeline(sources: TimelineSources): TimelineEvent[] {
  const built: Built[] = [];
  for (const item of sources.items) {
    const key = keyOf(item);
    const made = (() => {
      switch (item.kind) {
        case 'alert':
          return alertEvents(item, sources.alerts.get(key));
        case 'ticket':
          return ticketEvents(item, sources.tickets.get(key));
        case 'contact':
          return followedEvents(item, sources.contacts.get(key), 'contact');
        case 'work':
          return followedEvents(item, sources.workItems.get(key), 'work');
        case 'conversation':
          return conversationEvents(item, sources.conversations.get(item.itemId), sources.triages.get(item.itemId));
        case 'block':
          return blockEvents(item, sources.blocks.get(key));
        default:
          return [];
      }
    })();
    const ref = refOf(item);
    const target = itemTarget(ref);
    // Each event was made just now for this item: completed in place, not copied (a case of 10,000 alerts).
    for (const entry of made) {
      entry.event.item = ref;
      entry.event.itemLabel = item.label;
      entry.event.target ??= target;
      built.push(entry);
    }
  }
  const byActivityTarget = new Map(sources.items.flatMap((item) => (ACTIVITY_KIND_OF[item.kind] ? [[`${ACTIVITY_KIND_OF[item.kind]}:${item.itemId}`, item] as const] : [])));
  // A note is an event of its own; the activity entry that says it was written adds nothing.
  for (const write of sources.writes) if (write.action !== NOTE_WRITTEN) built.push({ event: writeEvent(write, write.targetId === null ? undefined : byActivityTarget.get(`${write.targetKind}:${write.targetId}`)), fromCache: true });
  for (const note of sources.notes) if (note.eventId === null) built.push({ event: noteEvent(note), fromCache: true });

  const byId = new Map<string, Built>();
  for (const entry of built) byId.set(entry.event.id, entry);
  for (const kept of sources.kept) {
    const live = byId.get(kept.id);
    if (!live || !live.fromCache) byId.set(kept.id, { event: kept, fromCache: false });
  }
  const notesOn = new Map<string, number>();
  for (const note of sources.notes) if (note.eventId !== null) notesOn.set(note.eventId, (notesOn.get(note.eventId) ?? 0) + 1);
  const events = [...byId.values()].map(({ event: made }) => (notesOn.has(made.id) || made.notes !== 0 ? { ...made, notes: notesOn.get(made.id) ?? 0 } : made));
  // Each time read once, not twice per comparison (a case of 10,000 alerts).
  return events
    .map((made) => ({ made, at: timeOf(made) }))
    .sort((a, b) => b.at - a.at || (a.made.id < b.made.id ? 1 : a.made.id > b.made.id ? -1 : 0))
    .map(({ made }) => made);
}

const timeOf = (event: TimelineEvent) => {
  const ms = Date.parse(event.at);
  return Number.isNaN(ms) ? 0 : ms;
};

/** A timeline read once, ready to be filtered on each keystroke. */
export interface ReadTimeline {
  /** Newest first. */
  events: TimelineEvent[];
  /** Each event's words, lower case, for the text filter. */
  haystacks: string[];
  kindCounts: Partial<Record<TimelineEventKind, number>>;
  addresses: { address: string; events: number }[];
}

export function readTimeline(events: TimelineEvent[]): ReadTimeline {
  const kindCounts: Partial<Record<TimelineEventKind, number>> = {};
  const addresses = new Map<string, number>();
  const haystacks = events.map((made) => {
    kindCounts[made.kind] = (kindCounts[made.kind] ?? 0) + 1;
    for (const address of made.addresses) addresses.set(address, (addresses.get(address) ?? 0) + 1);
    return [made.summary, made.text, made.itemLabel, made.actor, made.addresses.join(' '), made.write?.action.code, made.write?.requestId, made.write?.profileName, made.severity, made.proposal?.action]
      .filter(Boolean)
      .join('\n')
      .toLowerCase();
  });
  return {
    events,
    haystacks,
    kindCounts,
    addresses: [...addresses].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).slice(0, MOST_ADDRESSES).map(([address, count]) => ({ address, events: count })),
  };
}

/** The events the filter keeps, in the order asked. */
export function filterTimeline(read: ReadTimeline, filter: TimelineFilter, order: 'newest' | 'oldest'): TimelineEvent[] {
  const kinds = filter.kinds && filter.kinds.length > 0 ? new Set(filter.kinds) : null;
  const words = (filter.text ?? '').toLowerCase().split(/\s+/).filter(Boolean);
  const range = filter.address ? parseAddress(filter.address) : null;
  // An incident names few addresses many times: each is compared with the range once.
  const inRange = new Map<string, boolean>();
  const within = (address: string) => {
    let found = inRange.get(address);
    if (found === undefined) inRange.set(address, (found = address === range!.address || (range!.prefixLength !== undefined && addressesOverlap(range!, address))));
    return found;
  };
  const namesAddress = (made: TimelineEvent) => range === null || made.addresses.some(within);
  const kept = read.events.filter((made, index) => (kinds === null || kinds.has(made.kind)) && namesAddress(made) && words.every((word) => read.haystacks[index]!.includes(word)));
  return order === 'oldest' ? kept.reverse() : kept;
}

/** Key order fixed, so the same timeline hashes the same whichever workstation wrote it. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value !== null && typeof value === 'object') return Object.fromEntries(Object.keys(value).sort().map((key) => [key, canonical((value as Record<string, unknown>)[key])]));
  return value;
}

/** SHA-256 of the timeline's canonical JSON. */
export function timelineHash(events: readonly TimelineEvent[]): string {
  return createHash('sha256').update(JSON.stringify(canonical(events))).digest('hex');
}

export type { TimelineWhat };
