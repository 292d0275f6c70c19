// The command palette's search across the local cache (issue 25): what the user typed, read once
// (search-text.ts), asked of each kind's table (search-repository.ts), answered as groups of hits
// that each name their connection and the tab that shows them. Nothing here goes to a server, so
// the palette answers offline. Also the palette's recently used actions.
import type { NavigationTarget } from '../../../src-shared/contract/workspace.ts';
import {
  SEARCH_COUNT_LIMIT,
  searchKinds,
  type SearchAnswer,
  type SearchDirect,
  type SearchHit,
  type SearchKind,
} from '../../../src-shared/contract/search.ts';
import type { ActivityEntry } from '../../../src-shared/contract/activity.ts';
import type { CaseSummary } from '../../../src-shared/contract/cases.ts';
import type { AllowEntry } from '../../../src-shared/contract/firewall.ts';
import type { SettingsTable } from '../db/settings.ts';
import type { Clock } from '../lifecycle/clock.ts';
import type { ShownAnswers } from '../support/kb/kb-service.ts';
import type { AlertFound, Found, SearchRepository, TextFound } from './search-repository.ts';
import { phrasesQuery, readSearchText, type SearchText } from './search-text.ts';
import { SignatureWords } from './signature-words.ts';
import { parseAddress } from '../../../src-shared/address-mentions.ts';
import { meaningKinds, type MeaningKind } from '../../../src-shared/contract/meaning.ts';
import type { MeaningSearch } from '../meaning/meaning-search.ts';
import type { Nearest } from '../meaning/meaning-repository.ts';
import { fuseRanks } from '../meaning/rank-fusion.ts';

/** Hits shown per kind; a prefix that narrows the search to one kind shows more of it. */
const HITS_PER_KIND = 5;
const HITS_NARROWED = 20;
const RECENT_KEY = 'palette.recentActions';
const RECENT_KEPT = 20;

export interface SearchServiceOptions {
  repository: SearchRepository;
  settings: SettingsTable;
  clock: Clock;
  /** The activity log's entries whose words hold the text, with how many match. */
  activity: (text: string, limit: number) => { rows: ActivityEntry[]; total: number };
  /** Every profile's name by id, read at each search (a renamed connection shows at once). */
  profileNames: () => ReadonlyMap<string, string>;
  /** The cases whose title, tags or number hold the text, with how many match; a case by its number (`case: 12`). */
  cases?: { matching(text: string, limit: number): { rows: CaseSummary[]; total: number }; byNumber(number: number): CaseSummary | undefined };
  /** The meaning index's questions (core/meaning/); absent: words only. */
  meaning?: MeaningSearch;
}

/** The kinds the meaning index holds, as the palette groups them. */
const MEANING_KINDS: readonly MeaningKind[] = meaningKinds;
const hitKey = (hit: { profileId: string | null; id: string }) => `${hit.profileId ?? ''}\n${hit.id}`;
/** A case's tags as its row keeps them (a JSON list); a list that does not read is no tags. */
function tagsOf(json: string): string[] {
  try {
    const parsed: unknown = JSON.parse(json);
    return Array.isArray(parsed) ? parsed.filter((tag): tag is string => typeof tag === 'string') : [];
  } catch {
    return [];
  }
}

/** Where a typed address opens: its card. */
/** The card of an address as links name it (`2001:db8::1`, `10.0.0.0/8`), so a typed one and a linked one are the same tab. */
const addressCard = (address: string): NavigationTarget => ({ kind: 'address', params: { address: parseAddress(address)?.address ?? address } });

const alertTitle = (row: AlertFound) => row.signature ?? row.message ?? row.id;
const alertDetail = (row: AlertFound) => [row.srcIp, row.dstIp].filter(Boolean).join(' → ') || null;
const alertFacts = (row: AlertFound) => ({ severity: row.severity, category: row.category });

export class SearchService {
  readonly #repository: SearchRepository;
  readonly #settings: SettingsTable;
  readonly #profileNames: () => ReadonlyMap<string, string>;
  readonly #signatures: SignatureWords;
  readonly #now: () => string;
  readonly #activity: SearchServiceOptions['activity'];
  readonly #cases: SearchServiceOptions['cases'];
  readonly #meaning: MeaningSearch | undefined;

  constructor(options: SearchServiceOptions) {
    this.#meaning = options.meaning;
    this.#repository = options.repository;
    this.#signatures = new SignatureWords(options.repository);
    this.#activity = options.activity;
    this.#cases = options.cases;
    this.#now = () => new Date(options.clock.now()).toISOString();
    this.#settings = options.settings;
    this.#profileNames = options.profileNames;
  }

  query(typed: string): SearchAnswer {
    const text = readSearchText(typed);
    const names = this.#profileNames();
    const hit = (kind: SearchKind, profileId: string | null, id: string, title: string, detail: string | null, target: NavigationTarget): SearchHit => ({
      kind,
      profileId,
      profileName: profileId === null ? null : (names.get(profileId) ?? null),
      id,
      title,
      detail,
      target,
    });
    const wordsOnlyBecause = this.#meaning ? this.#meaning.unavailable() : 'no_model';
    const answer: SearchAnswer = { text: typed, words: text.words, direct: this.#direct(text, names), groups: [], searched: 'words', ...(wordsOnlyBecause && { wordsOnlyBecause }) };
    const phrases = phrasesQuery(text.rest);
    // `case:` alone lists the cases changed last.
    if (text.kinds.has('case') && this.#cases && (phrases !== '' || text.prefix === 'case')) {
      const { rows, total } = this.#cases.matching(text.rest, text.prefix === 'case' ? HITS_NARROWED : HITS_PER_KIND);
      if (total > 0) {
        const hits = rows.map((found) => hit('case', null, found.id, found.title, [`#${found.number}`, ...found.tags].join(' · '), { kind: 'case', params: { caseId: found.id } }));
        answer.groups.push({ kind: 'case', count: Math.min(total, SEARCH_COUNT_LIMIT), more: total > SEARCH_COUNT_LIMIT, hits });
      }
    }
    if (phrases === '') return answer;
    const limit = text.kinds.size === 1 || text.prefix === 'ip' ? HITS_NARROWED : HITS_PER_KIND;
    const group = <Row>(kind: SearchKind, found: Found<Row>, toHit: (row: Row) => SearchHit) => {
      if (found.count > 0) answer.groups.push({ kind, count: Math.min(found.count, SEARCH_COUNT_LIMIT), more: found.count > SEARCH_COUNT_LIMIT, hits: found.rows.map(toHit) });
    };
    const textHit = (kind: SearchKind, target: (row: TextFound & { profileId: string }) => NavigationTarget) => (row: TextFound) =>
      hit(kind, row.profileId, row.id, row.title ?? row.id, row.excerpt, target(row as TextFound & { profileId: string }));
    const words = text.words.join(' ');
    const want = (kind: SearchKind) => text.kinds.has(kind);

    if (want('alert')) {
      const alerts = this.#alerts(text, limit);
      if (alerts) group('alert', alerts, (row) => ({ ...hit('alert', row.profileId, row.id, alertTitle(row), alertDetail(row), { kind: 'alert', params: { profileId: row.profileId, alertId: row.id } }), alertFacts: alertFacts(row) }));
    }
    if (want('block')) group('block', this.#repository.blocks(text.addressStart, text.prefix === 'ip' ? '' : words, limit), textHit('block', (row) => ({ kind: 'block', params: { profileId: row.profileId, entryId: row.id } })));
    if (want('allow')) group('allow', this.#repository.seen('allow', text.addressStart, text.prefix === 'ip' ? '' : words, limit), textHit('allow', (row) => ({ kind: 'firewall', params: { profileId: row.profileId, section: 'allowlist' } })));
    if (want('ticket')) group('ticket', this.#repository.tickets(phrases, limit), textHit('ticket', (row) => ({ kind: 'ticket', params: { profileId: row.profileId, ticketId: row.id } })));
    if (want('contact')) group('contact', this.#repository.contacts(phrases, limit), textHit('contact', (row) => ({ kind: 'support', params: { profileId: row.profileId, section: 'contacts', itemId: row.id } })));
    if (want('work')) group('work', this.#repository.workItems(phrases, limit), textHit('work', (row) => ({ kind: 'support', params: { profileId: row.profileId, section: 'work', itemId: row.id } })));
    if (want('conversation')) group('conversation', this.#repository.conversations(phrases, limit), (row) => hit('conversation', row.profileId, row.id, row.title ?? row.id, row.excerpt, { kind: 'conversation', params: { id: row.id } }));
    for (const kind of ['faq', 'kb'] as const) {
      if (want(kind)) group(kind, this.#repository.seen(kind, null, words, limit), textHit(kind, (row) => ({ kind: 'support', params: { profileId: row.profileId, section: 'kb' } })));
    }
    if (want('activity')) {
      const { rows, total } = this.#activity(text.rest, limit);
      group('activity', { rows, count: total }, (entry) =>
        hit('activity', entry.profileId, entry.id, entry.target.label ?? entry.target.address ?? entry.target.id ?? entry.action.code,
          [entry.action.code, entry.outcome, entry.at].join(' · '), { kind: 'activity', params: { text: text.rest } }));
    }
    return answer;
  }

  /**
   * The words' answer with its alerts, tickets and knowledge-base entries fused with the items
   * nearest the text in meaning (reciprocal rank fusion), each hit marked by why it was found.
   * A narrowed search (`ip:`, `case:`…) and an address stay words only.
   */
  async hybrid(typed: string): Promise<SearchAnswer> {
    const words = this.query(typed);
    const text = readSearchText(typed);
    const kinds = MEANING_KINDS.filter((kind) => text.kinds.has(kind));
    if (!this.#meaning || text.rest.trim() === '' || text.address || text.addressStart || text.prefix === 'ip' || text.prefix === 'case' || kinds.length === 0) return words;
    const limit = text.kinds.size === 1 ? HITS_NARROWED : HITS_PER_KIND;
    const found = await this.#meaning.nearText(text.rest, kinds, limit);
    if ('wordsOnlyBecause' in found) return { ...words, wordsOnlyBecause: found.wordsOnlyBecause };
    const names = this.#profileNames();
    const groups = [...words.groups];
    for (const kind of kinds) {
      const existing = groups.findIndex((group) => group.kind === kind);
      const byWords = existing >= 0 ? groups[existing]!.hits : [];
      const byMeaning = (found.nearest.get(kind) ?? []).flatMap((near) => this.#meaningHit(near, names) ?? []);
      if (byMeaning.length === 0 && existing < 0) continue;
      const fused = fuseRanks(byWords, byMeaning, hitKey).slice(0, limit).map(({ item, matched }) => ({ ...item, matched }));
      const onlyByMeaning = byMeaning.filter((hit) => !byWords.some((other) => hitKey(other) === hitKey(hit))).length;
      const count = (existing >= 0 ? groups[existing]!.count : 0) + onlyByMeaning;
      const group = { kind, count: Math.min(count, SEARCH_COUNT_LIMIT), more: (existing >= 0 && groups[existing]!.more) || count > SEARCH_COUNT_LIMIT, hits: fused };
      if (existing >= 0) groups[existing] = group;
      else groups.push(group);
    }
    const order = (kind: SearchKind) => searchKinds.indexOf(kind);
    const { wordsOnlyBecause: _wordsOnly, ...answer } = words;
    return { ...answer, groups: groups.sort((a, b) => order(a.kind) - order(b.kind)), searched: 'hybrid' };
  }

  /** A hit found by meaning, as the words' hits of its kind read (null when its row went meanwhile). */
  meaningHit(near: Nearest): SearchHit | null {
    return this.#meaningHit(near, this.#profileNames());
  }

  #meaningHit(near: Nearest, names: ReadonlyMap<string, string>): SearchHit | null {
    const base = { profileId: near.profileId === '' ? null : near.profileId, profileName: names.get(near.profileId) ?? null, id: near.itemId };
    switch (near.kind) {
      case 'alert': {
        const row = this.#repository.alertOf(near.profileId, near.itemId);
        return row ? { ...base, kind: 'alert', title: alertTitle(row), detail: alertDetail(row), alertFacts: alertFacts(row), target: { kind: 'alert', params: { profileId: row.profileId, alertId: row.id } } } : null;
      }
      case 'ticket': {
        const row = this.#repository.ticketOf(near.profileId, near.itemId);
        return row ? { ...base, kind: 'ticket', title: row.title ?? row.id, detail: row.excerpt, target: { kind: 'ticket', params: { profileId: near.profileId, ticketId: row.id } } } : null;
      }
      case 'work': {
        const row = this.#repository.workItemOf(near.profileId, near.itemId);
        return row ? { ...base, kind: 'work', title: row.title ?? row.id, detail: row.excerpt, target: { kind: 'support', params: { profileId: near.profileId, section: 'work', itemId: row.id } } } : null;
      }
      case 'conversation': {
        const row = this.#repository.conversationOf(near.itemId);
        return row ? { ...base, profileId: row.profileId, profileName: row.profileId ? (names.get(row.profileId) ?? null) : null, kind: 'conversation', title: row.title ?? row.id, detail: null, target: { kind: 'conversation', params: { id: row.id } } } : null;
      }
      case 'case': {
        const row = this.#repository.caseOf(near.itemId);
        return row ? { ...base, kind: 'case', title: row.title ?? row.id, detail: [`#${row.number}`, ...tagsOf(row.tags)].join(' · '), target: { kind: 'case', params: { caseId: row.id } } } : null;
      }
      default: {
        const row = this.#repository.seenOf(near.kind, near.profileId, near.itemId);
        return row ? { ...base, kind: near.kind, title: row.title ?? row.id, detail: row.excerpt, target: { kind: 'support', params: { profileId: near.profileId, section: 'kb' } } } : null;
      }
    }
  }


  /** FAQ and knowledge-base answers the window was shown, remembered for the palette to find offline. */
  sawAnswers({ profileId, kbHits = [], faqs = [] }: ShownAnswers): void {
    this.#repository.remember([
      ...kbHits.map((hit) => ({ profileId, kind: 'kb' as const, id: hit.id, title: hit.title ?? hit.id, body: hit.snippet })),
      ...faqs.map((faq) => ({ profileId, kind: 'faq' as const, id: faq.id, title: faq.question ?? faq.id, body: faq.answer })),
    ], this.#now());
  }

  /** An allow list the window was shown, remembered for the palette to find offline. */
  sawAllowList({ profileId, items }: { profileId: string; items: AllowEntry[] }): void {
    this.#repository.remember(items.map((entry) => ({ profileId, kind: 'allow', id: entry.id, title: entry.ip, body: entry.description })), this.#now());
  }

  recentActions(): string[] {
    const saved = this.#settings.read(RECENT_KEY);
    return Array.isArray(saved) ? saved.filter((id): id is string => typeof id === 'string') : [];
  }

  /** Puts the action first among the recently used, and answers the new list. */
  noteAction(id: string): string[] {
    const recent = [id, ...this.recentActions().filter((other) => other !== id)].slice(0, RECENT_KEPT);
    this.#settings.write(RECENT_KEY, recent);
    return recent;
  }

  #alerts(text: SearchText, limit: number): Found<AlertFound> | null {
    if (text.address) return this.#repository.alertsAt(text.address, limit);
    if (text.addressStart) return this.#repository.alertsFrom(text.addressStart, limit);
    if (text.prefix === 'ip') return null;
    const byWords = this.#repository.alertsWithSignatures(this.#signatures.matching(text.words), limit);
    const byId = this.#repository.alertsWithId(text.rest);
    if (byId.length === 0) return byWords;
    const others = byWords.rows.filter((row) => !byId.some((exact) => exact.profileId === row.profileId && exact.id === row.id));
    return { rows: [...byId, ...others].slice(0, limit), count: byWords.count + byId.length - (byWords.rows.length - others.length) };
  }

  /** A typed address opens its card; a typed ticket or alert id opens that item. */
  #direct(text: SearchText, names: ReadonlyMap<string, string>): SearchDirect[] {
    const direct: SearchDirect[] = [];
    const nameOf = (profileId: string) => names.get(profileId) ?? null;
    if (text.address && text.prefix !== 'ticket' && text.prefix !== 'chat') {
      direct.push({ kind: 'address', label: text.address, profileName: null, target: addressCard(text.address) });
    }
    if (text.rest === '' || /\s/.test(text.rest)) return direct;
    const caseNumber = /^#?(\d{1,9})$/.exec(text.rest);
    if (caseNumber && (text.prefix === 'case' || text.rest.startsWith('#')) && this.#cases) {
      const found = this.#cases.byNumber(Number(caseNumber[1]));
      if (found) direct.push({ kind: 'case', label: `#${found.number} ${found.title}`, profileName: null, target: { kind: 'case', params: { caseId: found.id } } });
    }
    if (text.prefix === null || text.prefix === 'ticket') {
      for (const ticket of this.#repository.ticketsWithId(text.rest)) {
        direct.push({ kind: 'ticket', label: ticket.title ?? ticket.id, profileName: nameOf(ticket.profileId!), target: { kind: 'ticket', params: { profileId: ticket.profileId!, ticketId: ticket.id } } });
      }
    }
    if (text.prefix === 'alert') {
      for (const alert of this.#repository.alertsWithId(text.rest)) {
        direct.push({ kind: 'alert', label: alertTitle(alert), profileName: nameOf(alert.profileId), target: { kind: 'alert', params: { profileId: alert.profileId, alertId: alert.id } } });
      }
    }
    return direct;
  }
}
