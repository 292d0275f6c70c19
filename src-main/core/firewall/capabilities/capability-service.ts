// What a firewall profile's appliance and key allow, learned from what the appliance says, never
// guessed: the edition from /system/status, the operations (and their editions) from its OpenAPI
// description, and the key's role from the 403 code of a write it refuses. To learn the role before
// the user tries, it sends writes with an empty body: the appliance checks the role before the body
// (docs/api-assumptions.md, "order of checks"), so it answers 403 forbidden_role or 400, and
// creates nothing either way.
import type { FirewallCapabilities, Permission } from '../../../../src-preload/contract/firewall.ts';
import type { Translator } from '../../../../src-shared/i18n/translator.ts';
import { ServiceFailure } from '../../http/service-failure.ts';
import type { Clock } from '../../lifecycle/clock.ts';
import { Emitter } from '../../lifecycle/emitter.ts';
import { pathShape, queryParametersOf, type ApiDescription } from '../../wire/openapi.ts';
import type { FirewallClient } from '../client.ts';
import type { FirewallClients } from '../firewall-clients.ts';

const FREE_EDITION = 'free-waf';
const UNKNOWN: Permission = { state: 'unknown' };
const ALLOWED: Permission = { state: 'allowed' };

/** The reasons the window shows, in the user's language. */
function reasons(translator: Translator) {
  const { t } = translator;
  const editionName = (edition: string) => (edition === FREE_EDITION ? t('capability.freeEdition') : edition);
  return {
    editionReadOnly: (edition: string) => t('capability.editionReadOnly', { edition: editionName(edition) }),
    editionLacks: (feature: Feature, edition: string) => t('capability.editionLacks', { edition: editionName(edition), feature: t(`capability.${feature}`) }),
    applianceLacks: (feature: Feature) => t('capability.applianceLacks', { feature: t(`capability.${feature}`) }),
    roleLacks: (role: string) => t('capability.roleLacks', { role }),
  };
}
type Feature = 'honeypots' | 'devices';
type Reasons = ReturnType<typeof reasons>;

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

function featurePermission(say: Reasons, description: ApiDescription | null, edition: string | null, feature: Feature): Permission {
  if (edition === FREE_EDITION) return { state: 'denied', reason: say.editionLacks(feature, edition) };
  if (!description) return edition === null ? UNKNOWN : ALLOWED;
  const operation = description.operations.find((candidate) => candidate.method === 'GET' && pathShape(candidate.path) === pathShape(`/${feature}`));
  if (!operation) return { state: 'denied', reason: say.applianceLacks(feature) };
  if (edition !== null && operation.editions && !operation.editions.includes(edition)) return { state: 'denied', reason: say.editionLacks(feature, edition) };
  return ALLOWED;
}

export class CapabilityService {
  readonly #clients: FirewallClients;
  readonly #clock: Clock;
  readonly #translator: Translator;
  readonly #known = new Map<string, FirewallCapabilities>();
  readonly #changed = new Emitter<FirewallCapabilities>();
  readonly onChanged = this.#changed.event;

  constructor(clients: FirewallClients, clock: Clock, translator: Translator) {
    this.#clients = clients;
    this.#clock = clock;
    this.#translator = translator;
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
    const say = reasons(this.#translator);
    const reason = code === 'edition_unsupported' ? say.editionReadOnly(known.edition ?? '?') : say.roleLacks(known.role ?? '?');
    this.#remember({ ...known, [access]: { state: 'denied', reason }, ...(access === 'operate' ? { administer: { state: 'denied', reason } } : {}) });
  }

  forget(profileId: string): void {
    this.#known.delete(profileId);
  }

  async #learn(profileId: string): Promise<FirewallCapabilities> {
    const client = this.#clients.clientFor(profileId, 'firewall');
    const [status, description] = await Promise.all([client.getSystemStatus(), client.describeServer()]);
    const edition = status.edition ?? null;
    const say = reasons(this.#translator);
    let role: FirewallCapabilities['role'] = null;
    let operate: Permission = UNKNOWN;
    let administer: Permission = UNKNOWN;
    if (edition === FREE_EDITION) {
      operate = administer = { state: 'denied', reason: say.editionReadOnly(edition) };
    } else {
      const operation = await probeWrite(client, '/blocklist');
      if (operation === 'forbidden_role') {
        role = 'read-only';
        operate = administer = { state: 'denied', reason: say.roleLacks(role) };
      } else if (operation === 'edition_unsupported') {
        operate = administer = { state: 'denied', reason: say.editionReadOnly(edition ?? '?') };
      } else if (operation === 'allowed') {
        operate = ALLOWED;
        const administration = await probeWrite(client, '/policies');
        role = administration === 'allowed' ? 'administrator' : administration === 'forbidden_role' ? 'operations' : null;
        administer = administration === 'allowed' ? ALLOWED : administration === 'forbidden_role' ? { state: 'denied', reason: say.roleLacks('operations') } : UNKNOWN;
      }
    }
    return {
      profileId,
      edition,
      role,
      operate,
      administer,
      honeypots: featurePermission(say, description, edition, 'honeypots'),
      devices: featurePermission(say, description, edition, 'devices'),
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
