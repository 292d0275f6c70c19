// What a firewall profile's appliance and key allow, learned from what the appliance says, never
// guessed and never probed: the edition from /system/status, the operations (and their editions)
// from its OpenAPI description, the key's role from the status when it says, and the 403 code of a
// write the user tried (each write tells `refused`). No request is sent only to learn: a write with
// an empty body is a real request to a production appliance.
import type { FirewallCapabilities, Permission } from '../../../../src-shared/contract/firewall.ts';
import type { Translator } from '../../../../src-shared/i18n/translator.ts';
import { ServiceFailure } from '../../http/service-failure.ts';
import type { Clock } from '../../lifecycle/clock.ts';
import { Emitter } from '../../lifecycle/emitter.ts';
import { describes, pathShape, queryParametersOf, type ApiDescription } from '../../wire/openapi.ts';
import { editionId, isFreeEdition } from '../edition.ts';
import type { FirewallClients } from '../firewall-clients.ts';

const UNKNOWN: Permission = { state: 'unknown' };
const ALLOWED: Permission = { state: 'allowed' };

/** The reasons the window shows, in the user's language. */
function reasons(translator: Translator) {
  const { t } = translator;
  const editionName = (edition: string) => (isFreeEdition(edition) ? t('capability.freeEdition') : edition);
  return {
    editionReadOnly: (edition: string) => t('capability.editionReadOnly', { edition: editionName(edition) }),
    editionLacks: (feature: Feature, edition: string) => t('capability.editionLacks', { edition: editionName(edition), feature: t(`capability.${feature}`) }),
    applianceLacks: (feature: Feature) => t('capability.applianceLacks', { feature: t(`capability.${feature}`) }),
    roleLacks: (role: string) => t('capability.roleLacks', { role }),
    editionRefused: () => t('capability.editionRefused'),
    applianceReadOnly: () => t('capability.applianceReadOnly'),
    editionUnknown: () => t('capability.editionUnknown'),
  };
}
type Feature = 'honeypots' | 'devices';
type Reasons = ReturnType<typeof reasons>;

function codeOf(error: unknown): string | undefined {
  return error instanceof ServiceFailure ? error.serviceError.code : undefined;
}

/** A role as a status may name it (`read_only`, `viewer`, `operator`, `admin`, …). */
export function roleNamed(name: string | undefined): FirewallCapabilities['role'] {
  const word = name?.toLowerCase().replace(/[^a-z]/g, '');
  if (!word) return null;
  if (/^(readonly|read|viewer|auditor|guest|ro)$/.test(word)) return 'read-only';
  if (/^(operations|operation|operator|ops|ops?user)$/.test(word)) return 'operations';
  if (/^(administrator|admin|superuser|superadmin|root)$/.test(word)) return 'administrator';
  return null;
}

function featurePermission(say: Reasons, description: ApiDescription | null, edition: string | null, feature: Feature): Permission {
  if (isFreeEdition(edition)) return { state: 'denied', reason: say.editionLacks(feature, edition) };
  if (!description) return edition === null ? UNKNOWN : ALLOWED;
  const operation = description.operations.find((candidate) => candidate.method === 'GET' && pathShape(candidate.path) === pathShape(`/${feature}`));
  if (!operation) return { state: 'denied', reason: say.applianceLacks(feature) };
  if (edition !== null && operation.editions && !operation.editions.map(editionId).includes(editionId(edition))) return { state: 'denied', reason: say.editionLacks(feature, edition) };
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

  /**
   * A write the user tried and the appliance refused for the key's role or the edition: what the
   * window shows changes at once, with the reason (a refused block leaves the block controls read-only).
   */
  refused(profileId: string, error: unknown, access: 'operate' | 'administer'): void {
    const code = codeOf(error);
    if (code !== 'forbidden_role' && code !== 'edition_unsupported') return;
    const known = this.#known.get(profileId) ?? this.#notLearned(profileId);
    const say = reasons(this.#translator);
    const role = code === 'forbidden_role' ? (access === 'operate' ? 'read-only' : known.role === 'read-only' ? 'read-only' : 'operations') : known.role;
    const reason = code === 'edition_unsupported'
      ? (known.edition !== null ? say.editionReadOnly(known.edition) : say.editionRefused())
      : say.roleLacks(role ?? 'read-only');
    const denied: Permission = { state: 'denied', reason };
    this.#remember({ ...known, role, administer: denied, ...(access === 'operate' ? { operate: denied } : {}) });
  }

  forget(profileId: string): void {
    this.#known.delete(profileId);
  }

  async #learn(profileId: string): Promise<FirewallCapabilities> {
    const client = this.#clients.clientFor(profileId, 'firewall');
    const [status, description] = await Promise.all([client.getSystemStatus(), client.describeServer()]);
    const edition = status.edition ?? null;
    const say = reasons(this.#translator);
    const role = roleNamed(status.keyRole);
    let operate: Permission = UNKNOWN;
    let administer: Permission = UNKNOWN;
    if (isFreeEdition(edition)) {
      operate = administer = { state: 'denied', reason: say.editionReadOnly(edition) };
    } else if (description && !describes(description, 'POST', '/blocklist')) {
      operate = administer = { state: 'denied', reason: say.applianceReadOnly() };
    } else if (role !== null) {
      operate = role === 'read-only' ? { state: 'denied', reason: say.roleLacks(role) } : ALLOWED;
      administer = role === 'administrator' ? ALLOWED : { state: 'denied', reason: say.roleLacks(role) };
    } else if (edition === null) {
      // Without the edition, full rights are not assumed: the window says a write may be refused.
      operate = administer = { state: 'unknown', reason: say.editionUnknown() };
    }
    return {
      ...this.#notLearned(profileId),
      edition,
      role,
      operate,
      administer,
      honeypots: featurePermission(say, description, edition, 'honeypots'),
      devices: featurePermission(say, description, edition, 'devices'),
      described: description !== null,
      alertFilters: description ? queryParametersOf(description, 'GET', '/alerts').filter((name) => name !== 'page' && name !== 'page_size') : [],
    };
  }

  #notLearned(profileId: string): FirewallCapabilities {
    return {
      profileId,
      edition: null,
      role: null,
      operate: UNKNOWN,
      administer: UNKNOWN,
      honeypots: UNKNOWN,
      devices: UNKNOWN,
      described: false,
      alertFilters: [],
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
