// What a firewall profile's appliance and key allow, learned from what the appliance says, never
// guessed: the edition from /system/status, the operations (and their editions) from its OpenAPI
// description, and the key's role from the 403 code of a write it refuses. To learn the role before
// the user tries, it sends writes with an empty body: the appliance checks the role before the body
// (docs/api-assumptions.md, "order of checks"), so it answers 403 forbidden_role or 400, and
// creates nothing either way.
import type { FirewallCapabilities, Permission } from '../../../../src-preload/contract/firewall.ts';
import { ServiceFailure } from '../../http/service-failure.ts';
import type { Clock } from '../../lifecycle/clock.ts';
import { Emitter } from '../../lifecycle/emitter.ts';
import { pathShape, queryParametersOf, type ApiDescription } from '../../wire/openapi.ts';
import type { FirewallClient } from '../client.ts';
import type { FirewallClients } from '../firewall-clients.ts';

const FREE_EDITION = 'free-waf';
const UNKNOWN: Permission = { state: 'unknown' };
const ALLOWED: Permission = { state: 'allowed' };

const editionReason = (edition: string) => `The ${edition === FREE_EDITION ? 'free WAF' : edition} edition's API is read-only.`;
const featureReason = (feature: string, edition: string) => `The ${edition === FREE_EDITION ? 'free WAF' : edition} edition has no ${feature}.`;
const roleReason = (role: string) => `This key's role (${role}) may not do this; ask for an operations or administrator key.`;

type Probe = 'allowed' | 'forbidden_role' | 'edition_unsupported' | 'unknown';

function codeOf(error: unknown): string | undefined {
  return error instanceof ServiceFailure ? error.serviceError.code : undefined;
}

async function probeWrite(client: FirewallClient, path: string): Promise<Probe> {
  try {
    await client.request({ method: 'POST', path, body: {} });
    return 'allowed';
  } catch (error) {
    const code = codeOf(error);
    if (code === 'bad_request') return 'allowed';
    if (code === 'forbidden_role' || code === 'edition_unsupported') return code;
    return 'unknown';
  }
}

function featurePermission(description: ApiDescription | null, edition: string | null, path: string, feature: string): Permission {
  if (edition === FREE_EDITION) return { state: 'denied', reason: featureReason(feature, edition) };
  if (!description) return edition === null ? UNKNOWN : ALLOWED;
  const operation = description.operations.find((candidate) => candidate.method === 'GET' && pathShape(candidate.path) === pathShape(path));
  if (!operation) return { state: 'denied', reason: `This appliance does not offer ${feature}.` };
  if (edition !== null && operation?.editions && !operation.editions.includes(edition)) return { state: 'denied', reason: featureReason(feature, edition) };
  return ALLOWED;
}

export class CapabilityService {
  readonly #clients: FirewallClients;
  readonly #clock: Clock;
  readonly #known = new Map<string, FirewallCapabilities>();
  readonly #changed = new Emitter<FirewallCapabilities>();
  readonly onChanged = this.#changed.event;

  constructor(clients: FirewallClients, clock: Clock) {
    this.#clients = clients;
    this.#clock = clock;
  }

  async get(profileId: string, refresh = false): Promise<FirewallCapabilities> {
    const known = this.#known.get(profileId);
    if (known && !refresh) return known;
    return this.#remember(await this.#learn(profileId));
  }

  /** A refused call teaches as much as a probe: a 403's code updates what the window shows. */
  noteFailure(profileId: string, error: unknown, access: 'operate' | 'administer'): void {
    const code = codeOf(error);
    const known = this.#known.get(profileId);
    if (!known || (code !== 'forbidden_role' && code !== 'edition_unsupported')) return;
    const reason = code === 'edition_unsupported' ? editionReason(known.edition ?? 'this') : roleReason(known.role ?? 'its role');
    this.#remember({ ...known, [access]: { state: 'denied', reason }, ...(access === 'operate' ? { administer: { state: 'denied', reason } } : {}) });
  }

  forget(profileId: string): void {
    this.#known.delete(profileId);
  }

  async #learn(profileId: string): Promise<FirewallCapabilities> {
    const client = this.#clients.clientFor(profileId, 'firewall');
    const [status, description] = await Promise.all([client.getSystemStatus(), client.describeServer()]);
    const edition = status.edition ?? null;
    let role: FirewallCapabilities['role'] = null;
    let operate: Permission = UNKNOWN;
    let administer: Permission = UNKNOWN;
    if (edition === FREE_EDITION) {
      operate = administer = { state: 'denied', reason: editionReason(edition) };
    } else {
      const operation = await probeWrite(client, '/blocklist');
      if (operation === 'forbidden_role') {
        role = 'read-only';
        operate = administer = { state: 'denied', reason: roleReason(role) };
      } else if (operation === 'edition_unsupported') {
        operate = administer = { state: 'denied', reason: editionReason(edition ?? 'this') };
      } else if (operation === 'allowed') {
        operate = ALLOWED;
        const administration = await probeWrite(client, '/policies');
        role = administration === 'allowed' ? 'administrator' : administration === 'forbidden_role' ? 'operations' : null;
        administer = administration === 'allowed' ? ALLOWED : administration === 'forbidden_role' ? { state: 'denied', reason: roleReason('operations') } : UNKNOWN;
      }
    }
    return {
      profileId,
      edition,
      role,
      operate,
      administer,
      honeypots: featurePermission(description, edition, '/honeypots', 'honeypots'),
      devices: featurePermission(description, edition, '/devices', 'device management'),
      described: description !== null,
      alertFilters: description ? queryParametersOf(description, 'GET', '/alerts') : [],
      learnedAt: new Date(this.#clock.now()).toISOString(),
    };
  }

  #remember(capabilities: FirewallCapabilities): FirewallCapabilities {
    this.#known.set(capabilities.profileId, capabilities);
    this.#changed.fire(capabilities);
    return capabilities;
  }

  dispose(): void {
    this.#changed.dispose();
  }
}
