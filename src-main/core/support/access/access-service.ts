// What a profile's key may do, from /meta (support.md part 1 and 5): its type and LIVE/TEST, its
// scopes against each action's scope, the sites and their channel switches, and whether the key can
// use the profile's site at all. The last answer is kept for when the server cannot be reached.
import type { IpcError } from '../../../../src-shared/contract/define.ts';
import type { ActionAccess, SupportAccess, SupportAction } from '../../../../src-shared/contract/support.ts';
import { supportActionScopes } from '../../../../src-shared/contract/support.ts';
import { holdsScope } from '../../../../src-shared/support-scope.ts';
import type { SettingsTable } from '../../db/settings.ts';
import { ServiceFailure } from '../../http/service-failure.ts';
import type { Clock } from '../../lifecycle/clock.ts';
import { Emitter } from '../../lifecycle/emitter.ts';
import type { SupportMeta } from '../client.ts';
import type { SupportClients } from '../support-clients.ts';
import { errorOf, refusal } from '../support-error.ts';
import { answeredForSite } from '../test-connection.ts';

/** Refusals that say the key cannot use this site at all, whatever the action. */
const BLOCKING = new Set(['channel_disabled', 'wrong_site', 'forbidden_ip']);

export interface SupportProfileFacts {
  site: string;
  /** The stored key is a `svc_live_` one. */
  live: boolean;
}

function actionsOf(scopes: readonly string[]): Record<SupportAction, ActionAccess> {
  const entries = Object.entries(supportActionScopes).map(([action, scope]) => [action, { scope, allowed: holdsScope(scopes, scope) }]);
  return Object.fromEntries(entries) as Record<SupportAction, ActionAccess>;
}

function envOf(meta: SupportMeta | undefined, facts: SupportProfileFacts): 'live' | 'test' | null {
  const said = meta?.keyEnv?.trim().toLowerCase();
  if (said === 'live' || said === 'production' || said === 'prod') return 'live';
  if (said === 'test' || said === 'sandbox' || said === 'testing') return 'test';
  return facts.live ? 'live' : 'test';
}

export class AccessService {
  readonly #clients: SupportClients;
  readonly #settings: SettingsTable;
  readonly #clock: Clock;
  readonly #facts: (profileId: string) => SupportProfileFacts;
  readonly #known = new Map<string, SupportAccess>();
  readonly #changed = new Emitter<SupportAccess>();
  readonly onChanged = this.#changed.event;

  constructor(options: { clients: SupportClients; settings: SettingsTable; clock: Clock; facts: (profileId: string) => SupportProfileFacts }) {
    this.#clients = options.clients;
    this.#settings = options.settings;
    this.#clock = options.clock;
    this.#facts = options.facts;
  }

  /** What the key may do: asked of the server the first time (or with `refresh`), remembered after. */
  async get(profileId: string, refresh = false): Promise<SupportAccess> {
    const known = this.#known.get(profileId);
    if (known && !refresh) return known;
    const facts = this.#facts(profileId);
    const checkedAt = new Date(this.#clock.now()).toISOString();
    let access: SupportAccess;
    try {
      const client = this.#clients.clientFor(profileId, 'support');
      const meta = await client.getMeta();
      const { siteRoute } = await client.describeServer();
      access = { ...this.#fromMeta(profileId, meta, facts, siteRoute.name), checkedAt, from: 'server' };
    } catch (error) {
      const failure = errorOf(error);
      if (!(error instanceof ServiceFailure) || !BLOCKING.has(failure.code)) {
        const last = known ?? this.#stored(profileId);
        if (!last) throw error;
        return { ...last, from: 'cache', error: failure };
      }
      access = { ...this.#blockedBefore(profileId, facts, failure), checkedAt, from: 'server' };
    }
    this.#remember(access);
    return access;
  }

  /** A call refused for the whole site (the channel was switched off meanwhile): the next look asks again. */
  noteFailure(profileId: string, error: unknown): void {
    const known = this.#known.get(profileId);
    const failure = errorOf(error);
    if (known && error instanceof ServiceFailure && BLOCKING.has(failure.code) && known.blocked?.code !== failure.code) {
      this.#remember({ ...known, blocked: failure });
    }
  }

  forget(profileId: string): void {
    this.#known.delete(profileId);
  }

  /** `sentIn`: where OpsDesk sent the site, named when the server answered for another one. */
  #fromMeta(profileId: string, meta: SupportMeta, facts: SupportProfileFacts, sentIn: string): Omit<SupportAccess, 'checkedAt' | 'from'> {
    const sites = meta.sites.map((site) => ({
      id: site.id,
      name: site.name ?? null,
      apiChannel: site.apiChannel ?? null,
      current: site.id === facts.site || site.name === facts.site,
    }));
    const own = sites.find((site) => site.current);
    let blocked: IpcError | null = null;
    if (!answeredForSite(meta, facts.site)) blocked = errorOf(refusal('wrong_site', { context: 'answered_for', answered: meta.site ?? '', site: facts.site, sentIn }));
    else if (own?.apiChannel === false) blocked = errorOf(refusal('channel_disabled', { site: facts.site }));
    const keyEnv = envOf(meta, facts);
    return {
      profileId,
      site: facts.site,
      keyType: meta.keyType ?? null,
      keyEnv,
      live: keyEnv === 'live',
      scopes: meta.scopes,
      sites,
      actions: actionsOf(meta.scopes),
      blocked,
    };
  }

  #blockedBefore(profileId: string, facts: SupportProfileFacts, failure: IpcError): Omit<SupportAccess, 'checkedAt' | 'from'> {
    const keyEnv = envOf(undefined, facts);
    return { profileId, site: facts.site, keyType: null, keyEnv, live: keyEnv === 'live', scopes: [], sites: [], actions: actionsOf([]), blocked: failure };
  }

  #remember(access: SupportAccess): void {
    this.#known.set(access.profileId, access);
    this.#settings.write(`support.access.${access.profileId}`, access);
    this.#changed.fire(access);
  }

  #stored(profileId: string): SupportAccess | undefined {
    return this.#settings.read(`support.access.${profileId}`) as SupportAccess | undefined;
  }

  dispose(): void {
    this.#changed.dispose();
  }
}
