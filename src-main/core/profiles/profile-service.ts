import { X509Certificate, randomUUID } from 'node:crypto';
import {
  supportKeyPattern,
  type BackEnd,
  type CertificateChange,
  type CertificateChoice,
  type KeychainStatus,
  type ParsedProfileInput,
  type ProfileList,
  type ProfileView,
} from '../../../src-shared/contract/profiles.ts';
import { probeCertificate, probeCertificateAgainst, probeTargetFor } from '../http/certificate-probe.ts';
import type { Closable, Connector } from '../http/connector.ts';
import { fieldError } from '../english-text.ts';
import { ServiceFailure, serviceError } from '../http/service-failure.ts';
import { normalizeFingerprint, tlsOptionsFor } from '../http/trust.ts';
import type { ApiKeyProvider, TrustSettings } from '../http/types.ts';
import { Emitter, type Event } from '../lifecycle/emitter.ts';
import type { Logger } from '../log/logger.ts';
import type { ResolveProxy } from '../platform.ts';
import type { KeyStore } from '../secrets/key-store.ts';
import { maskKey } from '../secrets/mask-key.ts';
import { decodeStoredKey, encodeStoredKey, sameBinding, type KeyBinding } from '../secrets/stored-key.ts';
import { UserFacingError } from '../user-facing-error.ts';
import { changedPart, keyBindingOf } from './key-binding.ts';
import { defaultTimeouts } from './profile-record.ts';
import type { ProfileRecord } from './profile-record.ts';
import type { ProfileRepository } from './profile-repository.ts';
import { certificateDetails, trustedCertificateOf } from './trusted-certificate.ts';

/** What says where a profile's key may go. */
type KeyedProfile = Pick<ProfileRecord, 'id' | 'service' | 'baseUrl' | 'proxy' | 'trust'>;

/** What saving a profile needs to know of its back end. */
export type ProfileRules = { [Service in BackEnd]: Pick<Connector<Service, Closable>, 'normaliseBaseUrl' | 'isLiveKey'> };

export interface ProfileServiceOptions {
  repository: ProfileRepository;
  keyStore: KeyStore;
  logger: Logger;
  rules: ProfileRules;
  /** The OS's proxy for a URL, so the certificate probe takes the way a "system" profile's requests take. */
  resolveProxy?: ResolveProxy;
}

const nameTaken = (service: BackEnd, name: string) =>
  new UserFacingError({ code: 'conflict', service, params: { context: 'name_taken', name }, fieldErrors: [fieldError('name', 'name_taken')] });

export const profileNotFound = () => new UserFacingError({ code: 'not_found', params: { context: 'profile_gone' } });

/** The catalog's words for each part of a key's binding that an edit changed (`bad_request` contexts). */
const keyNeededAgain: Record<keyof KeyBinding, { context: string; field: string }> = {
  origin: { context: 'key_for_new_address', field: 'key_for_new_address' },
  proxy: { context: 'key_for_new_proxy', field: 'key_for_new_settings' },
  trust: { context: 'key_for_new_trust', field: 'key_for_new_settings' },
};

const keyNeededForTrust = () =>
  new UserFacingError({ code: 'bad_request', params: { context: keyNeededAgain.trust.context }, fieldErrors: [fieldError('apiKey', keyNeededAgain.trust.field)] });

const pinnedTo = (sha256: string): TrustSettings => ({ mode: 'pinned', pinnedSha256: sha256 });

const keyBoundElsewhere = (record: KeyedProfile, enteredFor: KeyBinding, now: KeyBinding) =>
  new ServiceFailure(
    serviceError({
      service: record.service,
      code: 'key_bound_elsewhere',
      params: { context: changedPart(enteredFor, now), origin: now.origin, enteredFor: enteredFor.origin },
      retryable: false,
    }),
  );

/** Profiles: non-secret parts in SQLite, keys in the keychain. */
export class ProfileService {
  readonly #options: ProfileServiceOptions;
  readonly #profileChanged = new Emitter<string>();
  /**
   * Whether each profile has a key, learned once per run and kept up to date by this service, so a
   * list does not read every secret. A key removed behind OpsDesk's back shows on its next use.
   */
  readonly #keyPresent = new Map<string, Promise<boolean>>();
  /** A profile was saved, re-trusted or removed: fires its id, before the list is sent to windows. */
  readonly onProfileChanged: Event<string> = this.#profileChanged.event;
  readonly #listChanged = new Emitter<ProfileList>();
  /** The list after a change, for the windows. */
  readonly onChanged: Event<ProfileList> = this.#listChanged.event;
  constructor(options: ProfileServiceOptions) {
    this.#options = options;
  }

  get keychain(): KeychainStatus {
    const { kind, reason } = this.#options.keyStore;
    return reason ? { kind, reason } : { kind };
  }

  async list(): Promise<ProfileList> {
    const records = this.#options.repository.all();
    const present = await Promise.all(records.map((record) => this.#hasKey(record)));
    return { profiles: records.map((record, index) => toView(record, present[index]!)), keychain: this.keychain };
  }

  async save(input: ParsedProfileInput): Promise<ProfileView> {
    const { repository, keyStore } = this.#options;
    const existing = input.id ? repository.find(input.id) : undefined;
    if (input.id && !existing) throw profileNotFound();
    if (existing && existing.service !== input.service) {
      throw new UserFacingError({ code: 'bad_request', params: { context: 'kind_change' } });
    }
    const clash = repository.findByName(input.service, input.name);
    if (clash && clash.id !== existing?.id) {
      throw nameTaken(input.service, input.name);
    }
    const rules = this.#options.rules[input.service];
    const baseUrl = rules.normaliseBaseUrl(input.baseUrl);
    const now = new Date().toISOString();
    const id = existing?.id ?? `profile-${randomUUID()}`;
    const key = input.apiKey ?? null;
    // zod's union has already tied these settings to this service.
    const record = {
      id,
      service: input.service,
      name: input.name,
      baseUrl,
      trust: trustFrom(input.trust, existing?.trust),
      timeouts: input.timeouts ?? existing?.timeouts ?? defaultTimeouts,
      proxy: input.proxy ?? existing?.proxy ?? { mode: 'none' },
      settings: input.settings,
      keyHint: key ? maskKey(key) : (existing?.keyHint ?? null),
      live: key ? rules.isLiveKey(key) : (existing?.live ?? false),
      createdAt: existing?.createdAt ?? now,
      updatedAt: now,
    } as ProfileRecord;
    const binding = keyBindingOf(record);
    if (existing?.keyHint && !key) {
      // The stored key was given for one server, reached one way; it goes nowhere else without the user saying so.
      const previous = keyBindingOf(existing);
      if (!sameBinding(previous, binding)) {
        const { context, field } = keyNeededAgain[changedPart(previous, binding)];
        throw new UserFacingError({ code: 'bad_request', params: { context }, fieldErrors: [fieldError('apiKey', field)] });
      }
    }
    if (key) {
      await keyStore.set(id, encodeStoredKey(key, binding));
      this.#keyPresent.set(id, Promise.resolve(true));
    }
    try {
      repository.put(record);
    } catch (error) {
      // A new profile whose row could not be written must not leave its key behind.
      if (key && !existing) {
        await keyStore.delete(id);
        this.#keyPresent.delete(id);
      }
      if (String((error as { code?: string }).code).startsWith('SQLITE_CONSTRAINT')) throw nameTaken(input.service, input.name);
      throw error;
    }
    this.#changed(id);
    return toView(record, await this.#hasKey(record));
  }

  async remove(id: string): Promise<null> {
    this.#require(id);
    // The key goes first: if the keychain refuses, the profile is still there to try again.
    await this.#options.keyStore.delete(id);
    this.#keyPresent.delete(id);
    if (!this.#options.repository.delete(id)) throw profileNotFound();
    this.#changed(id);
    return null;
  }

  ids(): string[] {
    return this.#options.repository.all().map((record) => record.id);
  }

  find(id: string): ProfileRecord | undefined {
    return this.#options.repository.find(id);
  }

  /** The key of the profile as `record` has it, refused when it was entered for another server or way there. */
  apiKeyProvider(record: KeyedProfile): ApiKeyProvider {
    return async () => {
      const stored = await this.#options.keyStore.get(record.id);
      this.#keyPresent.set(record.id, Promise.resolve(stored !== null));
      if (stored === null) return null;
      const { key, boundTo } = decodeStoredKey(stored);
      const binding = keyBindingOf(record);
      if (!boundTo) {
        // A key stored before keys carried their binding is bound, once, to where it is used today.
        await this.#options.keyStore
          .set(record.id, encodeStoredKey(key, binding))
          .catch((error: unknown) => this.#options.logger.warn('could not bind a stored key to its server', { error }));
      } else if (!sameBinding(boundTo, binding)) {
        throw keyBoundElsewhere(record, boundTo, binding);
      }
      return key;
    };
  }

  dispose(): void {
    this.#profileChanged.dispose();
    this.#listChanged.dispose();
  }

  /**
   * The user saw a certificate and chose to trust it for this profile. Look again and trust it only
   * if the server still presents the very certificate (by SHA-256) the user was shown.
   */
  async trustCertificate(id: string, sha256: string): Promise<ProfileView> {
    const record = this.#require(id);
    const presented = await probeCertificate(probeTargetFor(record, this.#options.resolveProxy));
    if (normalizeFingerprint(presented.sha256) !== normalizeFingerprint(sha256)) {
      throw new ServiceFailure(
        serviceError({ service: record.service, code: 'certificate_changed', params: { context: 'changed_since_shown' }, retryable: false, certificate: presented }),
      );
    }
    if (this.#require(id).baseUrl !== record.baseUrl) {
      throw new UserFacingError({ code: 'conflict', params: { context: 'address_changed' } });
    }
    const trust = { mode: 'pinned' as const, pinnedSha256: presented.sha256, anchorPem: presented.chainPem.at(-1)!, leafPem: presented.chainPem[0]! };
    if (!this.#options.repository.updateTrust(id, trust, new Date().toISOString())) throw profileNotFound();
    // The user approved this certificate for this very server, so the key follows the new trust. If
    // the keychain cannot take it now, the key stays bound to the old trust and is asked for again.
    await this.#rebindKey(record, { ...record, trust }).catch((error: unknown) =>
      this.#options.logger.warn('could not bind the key to the trusted certificate', { error }),
    );
    this.#changed(id);
    const updated = this.#require(id);
    return toView(updated, await this.#hasKey(updated));
  }

  /**
   * A pin typed in by hand has no anchor yet: take it from the server once, if its leaf matches the
   * pin. Only a connection test the user asked for does this.
   */
  async adoptPinnedAnchor(id: string): Promise<void> {
    const record = this.#require(id);
    if (record.trust.mode !== 'pinned' || record.trust.anchorPem) return;
    const presented = await probeCertificate(probeTargetFor(record, this.#options.resolveProxy));
    const pin = normalizeFingerprint(record.trust.pinnedSha256 ?? '');
    const pinnedAuthority = presented.chainPem.slice(1).map((pem) => new X509Certificate(pem)).find((certificate) => normalizeFingerprint(certificate.fingerprint256) === pin);
    if (pinnedAuthority) {
      const authority = pinnedAuthority.subject.split('\n').join(', ');
      throw new ServiceFailure(
        serviceError({ service: record.service, code: 'invalid_settings', params: { context: 'pin_is_authority', authority }, retryable: false, certificate: presented }),
      );
    }
    if (normalizeFingerprint(presented.sha256) !== pin) {
      throw new ServiceFailure(
        serviceError({ service: record.service, code: 'certificate_changed', params: { context: 'pin_mismatch' }, retryable: false, certificate: presented }),
      );
    }
    const trust = { ...record.trust, anchorPem: presented.chainPem.at(-1)!, leafPem: presented.chainPem[0]! };
    if (!this.#options.repository.updateTrust(record.id, trust, record.updatedAt)) throw profileNotFound();
    this.#profileChanged.fire(record.id);
  }

  /**
   * A pinned server presents another certificate: the one trusted before beside it, whether the
   * system's certificates accept it, and which way out needs the key again. Looks at the server now.
   */
  async certificateChange(id: string): Promise<CertificateChange> {
    const record = this.#require(id);
    const trusted = trustedCertificateOf(record.trust);
    if (!trusted) throw new UserFacingError({ code: 'bad_request', params: { context: 'not_pinned' } });
    const systemAnchors = tlsOptionsFor({ mode: 'system' }).ca as string[];
    const { certificate, accepted } = await probeCertificateAgainst(probeTargetFor(record, this.#options.resolveProxy), systemAnchors);
    const [keyForNew, keyForSystem] = await Promise.all([this.#keyNeeded(record, pinnedTo(certificate.sha256), true), this.#keyNeeded(record, { mode: 'system' }, false)]);
    return { profileId: id, trusted, presented: certificateDetails(certificate), systemAccepts: accepted, keyNeeded: { new: keyForNew, system: keyForSystem } };
  }

  /**
   * The user's way out of a changed certificate, in one step: trust the certificate shown (checked
   * again by fingerprint) or the system's certificates, with the key when it must be entered again.
   */
  async acceptCertificateChange(id: string, choice: CertificateChoice, apiKey?: string): Promise<ProfileView> {
    const record = this.#require(id);
    if (apiKey && record.service === 'support' && !supportKeyPattern.test(apiKey)) {
      throw new UserFacingError({ code: 'bad_request', params: { context: 'invalid_input' }, fieldErrors: [fieldError('apiKey', 'support_key_format')] });
    }
    if (choice.trust === 'system') return this.save({ ...inputOf(record, apiKey), trust: { mode: 'system' } });
    if (!apiKey && (await this.#keyNeeded(record, pinnedTo(choice.sha256), true))) throw keyNeededForTrust();
    const trusted = await this.trustCertificate(id, choice.sha256);
    return apiKey ? this.save(inputOf(this.#require(id), apiKey)) : trusted;
  }

  /**
   * Whether the stored key must be entered again to be sent once the profile trusts `after`. Only
   * trusting a certificate the user was shown moves the key with it (`movesKey`), and only from the
   * trust the key was entered for: any other change of trust widens where the key may go.
   */
  async #keyNeeded(record: ProfileRecord, after: TrustSettings, movesKey: boolean): Promise<boolean> {
    const stored = await this.#options.keyStore.get(record.id);
    if (stored === null) return false;
    const { boundTo } = decodeStoredKey(stored);
    if (boundTo && sameBinding(boundTo, keyBindingOf({ ...record, trust: after }))) return false;
    // A key stored before keys carried their binding counts as entered for the profile as it is.
    return !(movesKey && (!boundTo || sameBinding(boundTo, keyBindingOf(record))));
  }

  /** Moves the key's binding from `before` to `after`; a key bound to anything else stays as it is. */
  async #rebindKey(before: ProfileRecord, after: ProfileRecord): Promise<void> {
    const stored = await this.#options.keyStore.get(before.id);
    if (stored === null) return;
    const { key, boundTo } = decodeStoredKey(stored);
    if (boundTo && !sameBinding(boundTo, keyBindingOf(before))) return;
    await this.#options.keyStore.set(before.id, encodeStoredKey(key, keyBindingOf(after)));
  }

  #hasKey(record: ProfileRecord): Promise<boolean> {
    const known = this.#keyPresent.get(record.id);
    if (known) return known;
    const reading = this.#options.keyStore.get(record.id).then(
      (stored) => stored !== null,
      () => {
        // A keychain that cannot be read right now (locked, still opening) is shown as what was stored, and asked again next time.
        if (this.#keyPresent.get(record.id) === reading) this.#keyPresent.delete(record.id);
        return record.keyHint !== null;
      },
    );
    this.#keyPresent.set(record.id, reading);
    return reading;
  }

  #require(id: string): ProfileRecord {
    const record = this.#options.repository.find(id);
    if (!record) throw profileNotFound();
    return record;
  }

  #changed(id: string): void {
    this.#profileChanged.fire(id);
    void this.list().then((list) => this.#listChanged.fire(list), (error: unknown) => this.#options.logger.error('could not list profiles', { error }));
  }
}

function toView(record: ProfileRecord, hasKey: boolean): ProfileView {
  return {
    id: record.id,
    service: record.service,
    name: record.name,
    baseUrl: record.baseUrl,
    trust: {
      mode: record.trust.mode,
      ...(record.trust.pinnedSha256 ? { pinnedSha256: record.trust.pinnedSha256 } : {}),
      ...(record.trust.caPem ? { caSubject: subjectOf(record.trust.caPem) } : {}),
    },
    timeouts: record.timeouts,
    proxy: record.proxy,
    settings: record.settings,
    hasKey,
    keyHint: hasKey ? record.keyHint : null,
    live: record.live,
    updatedAt: record.updatedAt,
  };
}

/** A stored profile as the form would send it again, trust and all; the key only when given. */
function inputOf(record: ProfileRecord, apiKey: string | undefined): ParsedProfileInput {
  const { trust } = record;
  return {
    id: record.id,
    service: record.service,
    name: record.name,
    baseUrl: record.baseUrl,
    trust: trust.mode === 'pinned' ? { mode: 'pinned', pinnedSha256: trust.pinnedSha256 ?? '' } : { mode: trust.mode },
    timeouts: record.timeouts,
    proxy: record.proxy,
    settings: record.settings,
    ...(apiKey ? { apiKey } : {}),
  } as ParsedProfileInput;
}

function subjectOf(pem: string): string {
  try {
    return new X509Certificate(pem).subject.replaceAll('\n', ', ');
  } catch {
    return 'unreadable certificate';
  }
}

function trustFrom(input: ParsedProfileInput['trust'], previous: TrustSettings | undefined): TrustSettings {
  if (input.mode === 'system') return { mode: 'system' };
  if (input.mode === 'pinned') {
    const samePin =
      previous?.mode === 'pinned' &&
      normalizeFingerprint(previous.pinnedSha256 ?? '') === normalizeFingerprint(input.pinnedSha256);
    return samePin ? previous : { mode: 'pinned', pinnedSha256: input.pinnedSha256 };
  }
  const caPem = input.caPem ?? previous?.caPem;
  if (!caPem || !isReadableCertificate(caPem)) {
    throw new UserFacingError({ code: 'bad_request', params: { context: 'ca_required' }, fieldErrors: [fieldError('trust.caPem', 'pem_unreadable')] });
  }
  return { mode: input.mode, caPem };
}

function isReadableCertificate(pem: string): boolean {
  try {
    new X509Certificate(pem);
    return true;
  } catch {
    return false;
  }
}
