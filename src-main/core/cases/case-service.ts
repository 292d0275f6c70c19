// Cases (issue 46): the analyst's unit of work, an incident. A case holds references to items of
// every back end (alerts, addresses, tickets, contacts, work items, conversations, blocks, allow
// entries), linked both ways; its timeline is read from the caches those items live in
// (case-sources.ts, case-timeline.ts), once per change of any of them, then filtered in memory on
// each keystroke. Every change of a case is an entry of the activity log (target `case`), which the
// timeline shows. Works offline: nothing here asks a server.
import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import type { Triage } from '../../../src-shared/contract/assistant.ts';
import {
  MAX_CASE_ITEMS_PER_CALL,
  type CaseDetail,
  type CaseItem,
  type CaseItemRef,
  type CaseNote,
  type CaseObservable,
  type CaseObservables,
  type CasesChanged,
  type CaseSummary,
  type cases as casesArea,
  type TimelineEvent,
  type TimelinePage,
} from '../../../src-shared/contract/cases.ts';
import { MAX_BULK_ADDRESSES, type AlertFilter, type BlockCaution } from '../../../src-shared/contract/firewall.ts';
import type { CachedPage } from '../../../src-shared/contract/pages.ts';
import { parseAddress } from '../../../src-shared/address-mentions.ts';
import type { ActivityDraft, ActivityRecorder } from '../activity/activity-recorder.ts';
import type { Disposable } from '../lifecycle/disposable.ts';
import { DisposableStore } from '../lifecycle/disposable.ts';
import type { Clock } from '../lifecycle/clock.ts';
import { Emitter, type Event } from '../lifecycle/emitter.ts';
import type { Logger } from '../log/logger.ts';
import { UserFacingError } from '../user-facing-error.ts';
import type { CaseItemRepository, StoredCaseItem } from './case-item-repository.ts';
import type { CaseKeptEventRepository } from './case-kept-event-repository.ts';
import type { CaseNoteRepository } from './case-note-repository.ts';
import type { CaseRepository } from './case-repository.ts';
import { ACTIVITY_KIND_OF, type CaseSources } from './case-sources.ts';
import { filterObservables, observablesOf, payloadText } from './case-observables.ts';
import { buildTimeline, filterTimeline, itemTarget, readTimeline, type ReadTimeline } from './case-timeline.ts';

type Calls = typeof casesArea.calls;
type RequestOf<K extends keyof Calls> = z.output<Calls[K]['request']>;
type AddedItem = RequestOf<'addItems'>['items'][number];
type AlertsChosen = NonNullable<RequestOf<'create'>['alerts']>;

/** A burst of cache changes (a sync storing page after page) tells the windows once per this. */
const TIMELINE_CHANGE_MS = 1000;
/** Timelines read and kept for their next page or filter; the open tabs' cases. */
const TIMELINES_KEPT = 8;

export interface CaseServiceOptions {
  cases: CaseRepository;
  items: CaseItemRepository;
  notes: CaseNoteRepository;
  kept: CaseKeptEventRepository;
  sources: CaseSources;
  /** A conversation's triage, with the verdict read from its last answer (assistant/triage). */
  triageOf(conversationId: string): Triage | null;
  /** The ids of an appliance's cached alerts the filter matches, newest first. */
  alertIdsMatching(profileId: string, filter: AlertFilter, limit: number): string[];
  /** What blocking an address on the appliance would be (block-cautions.ts); null: no appliance of the case's. */
  cautionsOn(profileId: string | null): Promise<(ip: string) => BlockCaution[]>;
  activity: ActivityRecorder;
  /** The OS account the analyst works under (the activity log reads it). */
  osUser: string | null;
  /** Events of the caches a timeline reads: any of them makes every timeline read again. */
  sourcesChanged: readonly Event<unknown>[];
  clock: Clock;
  logger: Logger;
  /** The key redaction (the logger's, which knows every key the app holds): a key pasted into a note never reaches SQLite. */
  redact(text: string): string;
}

const notFound = () => new UserFacingError({ code: 'not_found', params: { context: 'case_gone' } });

export class CaseService implements Disposable {
  readonly #options: CaseServiceOptions;
  readonly #changed: Emitter<CasesChanged>;
  readonly onChanged: Event<CasesChanged>;
  readonly #subscriptions = new DisposableStore();
  /** Timelines read since the caches last changed, newest used last. */
  readonly #timelines = new Map<string, ReadTimeline>();
  /** Each timeline's observables, found once per reading of it. */
  readonly #observed = new WeakMap<ReadTimeline, CaseObservable[]>();
  #timelineChangeTimer: ReturnType<typeof setTimeout> | null = null;
  #timelineChangedMeanwhile = false;

  constructor(options: CaseServiceOptions) {
    this.#options = options;
    this.#changed = new Emitter((error) => options.logger.error('a cases listener failed', { error }));
    this.onChanged = this.#changed.event;
    for (const changed of options.sourcesChanged) this.#subscriptions.add(changed(() => this.#sourcesChanged()));
  }

  list(filter: RequestOf<'list'>['filter'], sort: RequestOf<'list'>['sort'], offset: number, limit: number): CachedPage<CaseSummary> {
    return { ...this.#options.cases.page(filter, sort, offset, limit), offset, syncedAt: null };
  }

  get(caseId: string): CaseDetail {
    const found = this.#options.cases.find(caseId);
    if (!found) throw notFound();
    return { ...found, itemCounts: this.#options.items.counts(caseId) };
  }

  tags(): string[] {
    return this.#options.cases.tags();
  }

  /** The cases whose title, tags or number match, for the palette (`case:`). */
  search(text: string, limit: number): { rows: CaseSummary[]; total: number } {
    return text.trim() === '' ? this.#options.cases.page({}, { field: 'updatedAt', direction: 'desc' }, 0, limit) : this.#options.cases.page({ text }, { field: 'updatedAt', direction: 'desc' }, 0, limit);
  }

  findByNumber(number: number): CaseSummary | undefined {
    return this.#options.cases.findByNumber(number);
  }

  create(request: RequestOf<'create'>): CaseDetail {
    const id = randomUUID();
    const now = this.#now();
    const items = [...this.#resolve(request.items, now), ...(request.alerts ? this.#chosenAlerts(request.alerts, now) : [])];
    const made = this.#transaction(() => {
      const summary = this.#options.cases.insert({ id, title: request.title, status: 'open', severity: request.severity, tags: uniqueTags(request.tags), owner: this.#options.osUser, createdAt: now });
      this.#options.items.add(id, items);
      return summary;
    });
    this.#record(made, { code: 'createCase', params: { case: made.number, items: items.length } });
    this.#fire('cases', [id]);
    return this.get(id);
  }

  update({ caseId, ...change }: RequestOf<'update'>): CaseDetail {
    const before = this.get(caseId);
    const updated = this.#options.cases.update(caseId, { ...change, ...(change.tags && { tags: uniqueTags(change.tags) }) }, this.#now())!;
    if (change.status && change.status !== before.status) this.#record(updated, { code: 'setCaseStatus', params: { case: updated.number, context: change.status } });
    const renamed = change.title !== undefined && change.title !== before.title;
    const otherwise = (change.severity !== undefined && change.severity !== before.severity) || (change.tags !== undefined && change.tags.join('\n') !== before.tags.join('\n'));
    if (renamed || otherwise) this.#record(updated, { code: 'editCase', params: { case: updated.number } });
    this.#fire('cases', [caseId]);
    return this.get(caseId);
  }

  addItems(caseId: string, items: readonly AddedItem[]): { added: number } {
    return this.#add(caseId, this.#resolve(items, this.#now()));
  }

  addAlerts(caseId: string, alerts: AlertsChosen): { added: number } {
    return this.#add(caseId, this.#chosenAlerts(alerts, this.#now()));
  }

  moveItems(caseId: string, refs: readonly CaseItemRef[], toCaseId?: string): { moved: number } {
    const from = this.get(caseId);
    const to = toCaseId === undefined ? undefined : this.get(toCaseId);
    if (to?.id === from.id) throw new UserFacingError({ code: 'bad_request', params: { context: 'same_case' } });
    const now = this.#now();
    const moved = this.#transaction(() => {
      const taken = this.#options.items.remove(caseId, refs);
      if (to) this.#options.items.add(to.id, taken);
      this.#options.cases.touch(caseId, now);
      if (to) this.#options.cases.touch(to.id, now);
      return taken.length;
    });
    if (moved > 0) {
      this.#record(from, to ? { code: 'moveCaseItems', params: { case: from.number, count: moved, to: to.number } } : { code: 'removeCaseItems', params: { case: from.number, count: moved } });
      if (to) this.#record(to, { code: 'receiveCaseItems', params: { case: to.number, count: moved, from: from.number } });
    }
    this.#fire('cases', to ? [caseId, to.id] : [caseId]);
    return { moved };
  }

  /** Moves every item, note and kept event of `caseId` into `intoCaseId`; `caseId` stays, closed, naming the case it went into. */
  merge(caseId: string, intoCaseId: string): CaseDetail {
    const from = this.get(caseId);
    const into = this.get(intoCaseId);
    if (from.id === into.id) throw new UserFacingError({ code: 'bad_request', params: { context: 'same_case' } });
    if (into.mergedInto) throw new UserFacingError({ code: 'bad_request', params: { context: 'case_merged' } });
    const now = this.#now();
    this.#transaction(() => {
      this.#options.items.moveAll(from.id, into.id);
      this.#options.notes.moveAll(from.id, into.id);
      this.#options.kept.moveAll(from.id, into.id);
      this.#options.cases.markMerged(from.id, into.id, now);
      this.#options.cases.touch(into.id, now);
    });
    this.#record(into, { code: 'mergeCases', params: { case: into.number, from: from.number, items: from.itemCount } });
    this.#record(from, { code: 'mergedIntoCase', params: { case: from.number, into: into.number } });
    this.#fire('cases', [from.id, into.id]);
    return this.get(into.id);
  }

  items(caseId: string, kind: RequestOf<'items'>['kind'], offset: number, limit: number): CachedPage<CaseItem> {
    this.get(caseId);
    const { rows, total } = this.#options.items.page(caseId, kind, offset, limit);
    return { rows: rows.map(asCaseItem), total, offset, syncedAt: null };
  }

  /** Per appliance, one of the case's alerts for each distinct source address (as the alert named it when it was added). */
  alertSources(caseId: string): { profileId: string; alertIds: string[]; sources: number }[] {
    this.get(caseId);
    const bySource = new Map<string, Map<string, string>>();
    for (const item of this.#options.items.all(caseId)) {
      if (item.kind !== 'alert' || item.profileId === null || item.address === null) continue;
      const sources = bySource.get(item.profileId) ?? new Map<string, string>();
      if (!sources.has(item.address)) sources.set(item.address, item.itemId);
      bySource.set(item.profileId, sources);
    }
    return [...bySource].map(([profileId, sources]) => ({ profileId, alertIds: [...sources.values()].slice(0, MAX_BULK_ADDRESSES), sources: sources.size }));
  }

  /** The cases holding the item, newest changed first. */
  ofItem(ref: CaseItemRef): CaseSummary[] {
    const canonical = ref.kind === 'address' ? { ...ref, itemId: parseAddress(ref.itemId)?.address ?? ref.itemId, profileId: null } : ref;
    return this.#options.items
      .casesOf(canonical)
      .flatMap((id) => this.#options.cases.find(id) ?? [])
      .sort((a, b) => b.updatedAt.localeCompare(a.updatedAt));
  }

  timeline(caseId: string, filter: RequestOf<'timeline'>['filter'], order: 'newest' | 'oldest', offset: number, limit: number): TimelinePage {
    const read = this.#timelineOf(caseId);
    const kept = filterTimeline(read, filter, order);
    return { rows: kept.slice(offset, offset + limit), total: kept.length, offset, syncedAt: null, kindCounts: read.kindCounts, addresses: read.addresses };
  }

  /** The whole timeline, newest first (the brief and the export). */
  wholeTimeline(caseId: string): TimelineEvent[] {
    return this.#timelineOf(caseId).events;
  }

  /**
   * The addresses, domains and hashes the case's items name, most named first; each address with
   * its standing in the firewall caches and what blocking it would be on the case's appliance.
   */
  async observables(caseId: string, kind: RequestOf<'observables'>['kind'], text: string | undefined, limit: number): Promise<CaseObservables> {
    const read = this.#timelineOf(caseId);
    let all = this.#observed.get(read);
    if (!all) {
      all = observablesOf(read.events, this.#alertPayloadTexts(caseId));
      this.#observed.set(read, all);
    }
    const counts: CaseObservables['counts'] = {};
    for (const observable of all) counts[observable.kind] = (counts[observable.kind] ?? 0) + 1;
    const matching = filterObservables(all, kind, text);
    const rows = matching.slice(0, limit);
    const addresses = rows.filter((row) => row.kind === 'address').map((row) => row.value);
    if (addresses.length === 0) return { rows, counts, total: matching.length };
    const items = this.#options.items.all(caseId);
    const alerts = items.filter((item) => item.kind === 'alert');
    const sources = new Set(alerts.flatMap((item) => (item.address ? [item.address] : [])));
    const { blocked, allowed } = this.#options.sources.standing(addresses);
    const alertCounts = this.#options.sources.alertCounts(addresses);
    const judge = await this.#options.cautionsOn(alerts[0]?.profileId ?? items.find((item) => item.kind === 'block' || item.kind === 'allow')?.profileId ?? null);
    return {
      rows: rows.map((row) =>
        row.kind !== 'address'
          ? row
          : { ...row, standing: { blocked: blocked.has(row.value), allowed: allowed.has(row.value), alerts: alertCounts.get(row.value) ?? 0, source: sources.has(row.value), cautions: judge(row.value) } },
      ),
      counts,
      total: matching.length,
    };
  }

  notes(caseId: string, eventId?: string): CaseNote[] {
    this.get(caseId);
    return this.#options.notes.of(caseId, eventId).map(asNote);
  }

  addNote(caseId: string, body: string, eventId?: string): CaseNote {
    const summary = this.get(caseId);
    const now = this.#now();
    const note = { id: randomUUID(), caseId, eventId: eventId ?? null, body: this.#options.redact(body), author: this.#options.osUser, createdAt: now, updatedAt: now };
    this.#transaction(() => {
      this.#options.notes.insert(note);
      this.#options.cases.touch(caseId, now);
    });
    this.#record(summary, { code: 'addCaseNote', params: { case: summary.number } });
    this.#fire('cases', [caseId]);
    return asNote(note);
  }

  updateNote(noteId: string, body: string): CaseNote {
    const note = this.#options.notes.find(noteId);
    if (!note) throw new UserFacingError({ code: 'not_found', params: { context: 'note_gone' } });
    const updated = this.#options.notes.update(noteId, this.#options.redact(body), this.#now())!;
    this.#options.cases.touch(note.caseId, updated.updatedAt);
    this.#fire('cases', [note.caseId]);
    return asNote(updated);
  }

  deleteNote(noteId: string): null {
    const note = this.#options.notes.find(noteId);
    if (!note) return null;
    this.#options.notes.delete(noteId);
    this.#options.cases.touch(note.caseId, this.#now());
    this.#fire('cases', [note.caseId]);
    return null;
  }

  /** For the export: the case's items as they are kept. */
  allItems(caseId: string): CaseItem[] {
    return this.#options.items.all(caseId).map(asCaseItem);
  }

  /**
   * A case brought from another workstation: kept under its own id when that is free (and its
   * number when free too), with its items, notes and the timeline as it was read there.
   */
  adopt(imported: { summary: Pick<CaseSummary, 'id' | 'number' | 'title' | 'status' | 'severity' | 'tags' | 'owner' | 'createdAt'>; items: readonly StoredCaseItem[]; notes: readonly CaseNote[]; timeline: readonly TimelineEvent[] }): CaseDetail {
    const { summary } = imported;
    const id = this.#options.cases.find(summary.id) ? randomUUID() : summary.id;
    this.#transaction(() => {
      this.#options.cases.insert({ ...summary, id, tags: uniqueTags(summary.tags), ...(this.#options.cases.numberTaken(summary.number) ? {} : { number: summary.number }) });
      this.#options.items.add(id, imported.items);
      for (const note of imported.notes) this.#options.notes.insert({ ...note, caseId: id });
      this.#options.kept.keep(id, imported.timeline);
    });
    this.#fire('cases', [id]);
    return this.get(id);
  }

  dispose(): void {
    if (this.#timelineChangeTimer) clearTimeout(this.#timelineChangeTimer);
    this.#subscriptions.dispose();
    this.#changed.dispose();
  }

  #add(caseId: string, items: StoredCaseItem[]): { added: number } {
    const summary = this.get(caseId);
    if (summary.mergedInto) throw new UserFacingError({ code: 'bad_request', params: { context: 'case_merged' } });
    const added = this.#transaction(() => {
      const count = this.#options.items.add(caseId, items);
      if (count > 0) this.#options.cases.touch(caseId, this.#now());
      return count;
    });
    if (added > 0) this.#record(summary, { code: 'addCaseItems', params: { case: summary.number, count: added } });
    this.#fire('cases', [caseId]);
    return { added };
  }

  /** Items as the case keeps them: each named from the cache where it holds them, else by the caller's label. */
  #resolve(items: readonly AddedItem[], addedAt: string): StoredCaseItem[] {
    const { sources, osUser } = this.#options;
    const of = (kind: string) => items.filter((item) => item.kind === kind);
    const alerts = sources.alerts(of('alert'));
    const tickets = sources.tickets(of('ticket'));
    const contacts = sources.contacts(of('contact'));
    const workItems = sources.workItems(of('work'));
    const conversations = sources.conversations(of('conversation').map((item) => item.itemId));
    const blocks = sources.blocks(of('block'));
    const allowed = sources.allowEntries(of('allow'));
    return items.flatMap((item): StoredCaseItem[] => {
      const key = `${item.profileId ?? ''}:${item.itemId}`;
      const base = { kind: item.kind, profileId: item.kind === 'address' || item.kind === 'conversation' ? null : item.profileId, itemId: item.itemId, label: item.label ?? null, address: null, occurredAt: null, addedAt, addedBy: osUser };
      switch (item.kind) {
        case 'address': {
          const parsed = parseAddress(item.itemId);
          if (!parsed) throw new UserFacingError({ code: 'bad_request', params: { context: 'not_an_address' } });
          return [{ ...base, itemId: parsed.address, label: parsed.address, address: parsed.address }];
        }
        case 'alert': {
          const alert = alerts.get(key);
          const facts = alert && { severity: alert.severity, dstIp: alert.dstIp, message: alert.message };
          return [{ ...base, label: alert?.signature ?? alert?.message ?? alert?.category ?? base.label, address: alert?.srcIp ?? null, occurredAt: alert?.occurredAt ?? null, facts: facts ?? null }];
        }
        case 'ticket':
          return [{ ...base, label: tickets.get(key)?.subject ?? base.label }];
        case 'contact':
          return [{ ...base, label: contacts.get(key)?.title ?? base.label }];
        case 'work':
          return [{ ...base, label: workItems.get(key)?.title ?? base.label }];
        case 'conversation':
          return [{ ...base, label: conversations.get(item.itemId)?.title ?? base.label }];
        case 'block': {
          const block = blocks.get(key);
          return [{ ...base, label: block?.ip ?? base.label, address: block?.ip ?? parseAddress(item.label ?? '')?.address ?? null }];
        }
        case 'allow': {
          const seen = allowed.get(key);
          const ip = seen?.ip ?? item.label ?? null;
          return [{ ...base, label: ip, address: ip && (parseAddress(ip)?.address ?? ip) }];
        }
      }
    }).map((item) => (item.profileId === null && item.kind !== 'address' && item.kind !== 'conversation' ? refused() : item));
  }

  #chosenAlerts(alerts: AlertsChosen, addedAt: string): StoredCaseItem[] {
    const ids = 'alertIds' in alerts ? [...new Set(alerts.alertIds)] : this.#options.alertIdsMatching(alerts.profileId, alerts.filter, MAX_CASE_ITEMS_PER_CALL);
    return this.#resolve(ids.map((itemId) => ({ kind: 'alert', profileId: alerts.profileId, itemId })), addedAt);
  }

  #timelineOf(caseId: string): ReadTimeline {
    const known = this.#timelines.get(caseId);
    if (known) {
      this.#timelines.delete(caseId);
      this.#timelines.set(caseId, known);
      return known;
    }
    this.get(caseId);
    const read = readTimeline(this.#build(caseId));
    this.#timelines.set(caseId, read);
    while (this.#timelines.size > TIMELINES_KEPT) this.#timelines.delete(this.#timelines.keys().next().value!);
    return read;
  }

  #build(caseId: string): TimelineEvent[] {
    const { sources, items: itemRepository, notes, kept, triageOf } = this.#options;
    const items = itemRepository.all(caseId);
    const of = (kind: string) => items.filter((item) => item.kind === kind);
    // An alert added with its facts is drawn from them; only one added without is read from the cache.
    const alerts = sources.alerts(of('alert').filter((item) => !item.facts));
    const conversationIds = of('conversation').map((item) => item.itemId);
    const triages = new Map<string, Triage>();
    for (const id of conversationIds) {
      const triage = triageOf(id);
      if (triage) triages.set(id, triage);
    }
    const addresses = new Set<string>();
    for (const item of items) if (item.address && item.kind !== 'alert') addresses.add(item.address);
    // An alert's source, not its destination: a block, an unblock, an allow of the sender.
    for (const item of of('alert')) {
      const source = alerts.get(`${item.profileId ?? ''}:${item.itemId}`)?.srcIp ?? item.address;
      if (source) addresses.add(source);
    }
    const targets = items.flatMap((item) => (ACTIVITY_KIND_OF[item.kind] ? [`${ACTIVITY_KIND_OF[item.kind]}:${item.itemId}`] : []));
    return buildTimeline({
      items,
      alerts,
      tickets: sources.tickets(of('ticket')),
      contacts: sources.contacts(of('contact')),
      workItems: sources.workItems(of('work')),
      conversations: sources.conversations(conversationIds),
      triages,
      blocks: sources.blocks(of('block')),
      writes: sources.writes({ caseId, targets, addresses: [...addresses], conversations: conversationIds }),
      notes: notes.of(caseId),
      kept: kept.of(caseId),
    });
  }

  /** What the cache holds of each of the case's alerts beyond its columns, as text, by its timeline event's id. */
  #alertPayloadTexts(caseId: string): Map<string, string> {
    const alerts = this.#options.items.all(caseId).filter((item) => item.kind === 'alert');
    const texts = new Map<string, string>();
    for (const [key, { other, detail }] of this.#options.sources.alertPayloads(alerts)) texts.set(`alert:${key}`, payloadText(other, detail));
    return texts;
  }

  #sourcesChanged(): void {
    this.#timelines.clear();
    if (this.#timelineChangeTimer) {
      this.#timelineChangedMeanwhile = true;
      return;
    }
    this.#changed.fire({ resource: 'timeline', caseIds: null });
    const settle = () => {
      this.#timelineChangeTimer = null;
      if (!this.#timelineChangedMeanwhile) return;
      this.#timelineChangedMeanwhile = false;
      this.#changed.fire({ resource: 'timeline', caseIds: null });
      this.#timelineChangeTimer = setTimeout(settle, TIMELINE_CHANGE_MS);
      this.#timelineChangeTimer.unref?.();
    };
    this.#timelineChangeTimer = setTimeout(settle, TIMELINE_CHANGE_MS);
    this.#timelineChangeTimer.unref?.();
  }

  #fire(resource: 'cases', caseIds: string[]): void {
    for (const id of caseIds) this.#timelines.delete(id);
    this.#changed.fire({ resource, caseIds });
  }

  #record(summary: Pick<CaseSummary, 'id' | 'title'>, action: ActivityDraft['action']): void {
    this.#options.activity.record({ profileId: null, backEnd: 'local', action, target: { kind: 'case', id: summary.id, label: summary.title } }, { outcome: 'sent' });
  }

  #transaction<T>(run: () => T): T {
    return this.#options.cases.transaction(run);
  }

  #now(): string {
    return new Date(this.#options.clock.now()).toISOString();
  }
}

function refused(): never {
  throw new UserFacingError({ code: 'bad_request', params: { context: 'item_without_connection' } });
}

const uniqueTags = (tags: readonly string[]): string[] => [...new Map(tags.map((tag) => [tag.toLowerCase(), tag])).values()];

function asCaseItem(item: StoredCaseItem): CaseItem {
  return { ...item, target: itemTarget(item) };
}

function asNote({ caseId: _caseId, ...note }: CaseNote & { caseId?: string }): CaseNote {
  return note;
}
