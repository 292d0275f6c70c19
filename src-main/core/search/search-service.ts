// The command palette's search across the local cache (issue 25): what the user typed, read once
// (search-text.ts), asked of each kind's table (search-repository.ts), answered as groups of hits
// that each name their connection and the tab that shows them. Nothing here goes to a server, so
// the palette answers offline. Also the palette's recently used actions.
import type { NavigationTarget } from '../../../src-preload/contract/workspace.ts';
import {
  SEARCH_COUNT_LIMIT,
  type SearchAnswer,
  type SearchDirect,
  type SearchHit,
  type SearchKind,
} from '../../../src-preload/contract/search.ts';
import type { SettingsTable } from '../db/settings.ts';
import type { AlertFound, Found, SearchRepository, TextFound } from './search-repository.ts';
import { phrasesQuery, readSearchText, wordsQuery, type SearchText } from './search-text.ts';

/** Hits shown per kind; a prefix that narrows the search to one kind shows more of it. */
const HITS_PER_KIND = 5;
const HITS_NARROWED = 20;
/** Shorter words would make the million alerts' index merge most of its words. */
const ALERT_WORD_MIN = 2;
const RECENT_KEY = 'palette.recentActions';
const RECENT_KEPT = 20;

export interface SearchServiceOptions {
  repository: SearchRepository;
  settings: SettingsTable;
  /** Every profile's name by id, read at each search (a renamed connection shows at once). */
  profileNames: () => ReadonlyMap<string, string>;
}

/** Where a typed address opens: the alerts from and to it, until the address card's view kind comes. */
const addressCard = (address: string): NavigationTarget => ({ kind: 'firewall', params: { section: 'alerts', address } });

const alertTitle = (row: AlertFound) => row.signature ?? row.message ?? row.id;
const alertDetail = (row: AlertFound) => [row.severity, [row.srcIp, row.dstIp].filter(Boolean).join(' → ')].filter(Boolean).join(' · ') || null;

export class SearchService {
  readonly #repository: SearchRepository;
  readonly #settings: SettingsTable;
  readonly #profileNames: () => ReadonlyMap<string, string>;

  constructor(options: SearchServiceOptions) {
    this.#repository = options.repository;
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
    const answer: SearchAnswer = { text: typed, words: text.words, direct: this.#direct(text, names), groups: [] };
    if (text.words.length === 0) return answer;
    const limit = text.kinds.size === 1 || text.prefix === 'ip' ? HITS_NARROWED : HITS_PER_KIND;
    const group = <Row>(kind: SearchKind, found: Found<Row>, toHit: (row: Row) => SearchHit) => {
      if (found.count > 0) answer.groups.push({ kind, count: Math.min(found.count, SEARCH_COUNT_LIMIT), more: found.count > SEARCH_COUNT_LIMIT, hits: found.rows.map(toHit) });
    };
    const textHit = (kind: SearchKind, target: (row: TextFound & { profileId: string }) => NavigationTarget) => (row: TextFound) =>
      hit(kind, row.profileId, row.id, row.title ?? row.id, row.excerpt, target(row as TextFound & { profileId: string }));
    const phrases = phrasesQuery(text.rest);
    const words = text.words.join(' ');
    const want = (kind: SearchKind) => text.kinds.has(kind);

    if (want('alert')) {
      const alerts = this.#alerts(text, limit);
      if (alerts) group('alert', alerts, (row) => hit('alert', row.profileId, row.id, alertTitle(row), alertDetail(row), { kind: 'alert', params: { profileId: row.profileId, alertId: row.id } }));
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
    return answer;
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
    if (text.prefix === 'ip' || text.words.every((word) => word.length < ALERT_WORD_MIN)) return null;
    const byWords = this.#repository.alertsWithWords(wordsQuery(text.words), text.words.join(' '), limit);
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
