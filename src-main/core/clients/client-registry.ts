import type { BackEnd, BackEndSettings, ConnectionReport } from '../../../src-shared/contract/profiles.ts';
import { withPresentedCertificate, probeTargetFor } from '../http/certificate-probe.ts';
import type { Closable, Connector } from '../http/connector.ts';
import { withDeadline } from '../http/deadline.ts';
import { ServiceFailure } from '../http/service-failure.ts';
import type { ConnectionSettings } from '../http/types.ts';
import { systemClock, type Clock } from '../lifecycle/clock.ts';
import { DisposableStore } from '../lifecycle/disposable.ts';
import type { Logger } from '../log/logger.ts';
import type { ResolveProxy } from '../platform.ts';
import { isProfileOf, type ProfileOf } from '../profiles/profile-record.ts';
import { profileNotFound, type ProfileService } from '../profiles/profile-service.ts';
import type { ConnectionHealthTracker } from './connection-health.ts';

export type Connectors<Clients extends Record<BackEnd, Closable>> = { [Service in BackEnd]: Connector<Service, Clients[Service]> };

export interface HealthRead {
  read(): Promise<unknown>;
  /** The key's whole call rate: the reads take a small share of it. */
  rate: ConnectionSettings['rateLimit'];
}

/** What a feature service needs: the client of a profile, always the one for its current settings. */
export interface ClientSource<Clients extends Record<BackEnd, Closable>> {
  clientFor<Service extends BackEnd>(profileId: string, service: Service): Clients[Service];
}

export interface ClientRegistryOptions<Clients extends Record<BackEnd, Closable>> {
  profiles: ProfileService;
  connectors: Connectors<Clients>;
  health: ConnectionHealthTracker;
  logger: Logger;
  /** The OS's proxy for a URL, for profiles whose proxy mode is "system". */
  resolveProxy?: ResolveProxy;
  /** What every client's limiter and retries, and the deadline of a connection test, wait on; tests pass a fake one. */
  clock?: Clock;
}

const maxResponseBytes = 32 * 1024 * 1024;
/** The user waits for a connection test: however many attempts it takes, it answers within this. */
export const TEST_CONNECTION_DEADLINE_MS = 20_000;
/** Longer than any request's own timeouts allow it to take. */
const retiredClientGraceMs = 15 * 60_000;

/**
 * One client per profile, so its keep-alive pool, rate limiter and Retry-After pause serve every
 * request of that profile. A changed profile gets a new client at once; every call through a
 * client tells the profile's connection health how it went.
 */
export class ClientRegistry<Clients extends Record<BackEnd, Closable>> implements ClientSource<Clients> {
  readonly #options: ClientRegistryOptions<Clients>;
  readonly #clients = new Map<string, Closable>();
  readonly #retired = new Set<Closable>();
  readonly #subscriptions = new DisposableStore();

  constructor(options: ClientRegistryOptions<Clients>) {
    this.#options = options;
    this.#subscriptions.add(
      options.profiles.onProfileChanged((profileId) => {
        options.health.forget(profileId);
        this.#retire(profileId);
      }),
    );
  }

  clientFor<Service extends BackEnd>(profileId: string, service: Service): Clients[Service] {
    const record = this.#options.profiles.find(profileId);
    if (!record || !isProfileOf(record, service)) throw profileNotFound();
    const existing = this.#clients.get(profileId);
    // Only this method fills the map, always with the connector of the profile's own service.
    if (existing) return existing as Clients[Service];
    const client = this.#open(record, service);
    this.#clients.set(profileId, client);
    return client;
  }

  /** The check the user asked for: on a certificate failure it also shows what the server presented. */
  async testConnection(profileId: string): Promise<ConnectionReport> {
    const record = this.#options.profiles.find(profileId);
    if (!record) throw profileNotFound();
    // Awaited only when needed: the client must be the one of the profile as it was when asked.
    if (record.trust.mode === 'pinned' && !record.trust.anchorPem) await this.#options.profiles.adoptPinnedAnchor(profileId);
    try {
      const test = () => this.#test(profileId, record.service);
      const summary = await withDeadline(TEST_CONNECTION_DEADLINE_MS, this.#options.clock ?? systemClock, test);
      return { profileId, testedAt: new Date().toISOString(), summary };
    } catch (error) {
      if (!(error instanceof ServiceFailure)) throw error;
      const shown = await withPresentedCertificate(error.serviceError, probeTargetFor(record, this.#options.resolveProxy));
      throw shown === error.serviceError ? error : new ServiceFailure(shown, { cause: error });
    }
  }

  /** The back end's cheapest read for its connection state, with the key's rate; undefined for a back end that has none. */
  healthReadOf(profileId: string): HealthRead | undefined {
    const record = this.#options.profiles.find(profileId);
    if (!record) return undefined;
    return this.#healthRead(record.id, record.service, record.settings);
  }

  async dispose(): Promise<void> {
    this.#subscriptions.dispose();
    const clients = [...this.#clients.values(), ...this.#retired];
    this.#clients.clear();
    this.#retired.clear();
    await Promise.all(clients.map((client) => client.close()));
  }

  #healthRead<Service extends BackEnd>(profileId: string, service: Service, settings: BackEndSettings[Service]): HealthRead | undefined {
    const connector = this.#options.connectors[service];
    const read = connector.readHealth?.bind(connector);
    return read && { read: () => read(this.clientFor(profileId, service)), rate: connector.rateLimit(settings) };
  }

  #test<Service extends BackEnd>(profileId: string, service: Service) {
    return this.#options.connectors[service].test(this.clientFor(profileId, service));
  }

  #open<Service extends BackEnd>(record: ProfileOf<Service>, service: Service): Clients[Service] {
    const { profiles, connectors, health, logger, resolveProxy, clock } = this.#options;
    const connector = connectors[service];
    return connector.open({ ...record, maxResponseBytes }, profiles.apiKeyProvider(record), logger, {
      onOutcome: (outcome) => health.report(record.id, connector.changesNothing && outcome.kind === 'refused-change' ? { kind: 'not-reached', error: outcome.error } : outcome),
      ...(resolveProxy ? { resolveProxy } : {}),
      ...(clock ? { clock } : {}),
    });
  }

  /**
   * New requests get a client with the new settings at once; the old one is closed a little later,
   * so that a request already on its way (reading the key, waiting for the limiter) still completes.
   */
  #retire(profileId: string): void {
    const client = this.#clients.get(profileId);
    if (!client) return;
    this.#clients.delete(profileId);
    this.#retired.add(client);
    setTimeout(() => {
      if (!this.#retired.delete(client)) return;
      client.close().catch((error: unknown) => this.#options.logger.warn('closing a client failed', { error }));
    }, retiredClientGraceMs).unref();
  }
}
