import { X509Certificate, randomUUID } from 'node:crypto';
import type { KeychainStatus, ParsedProfileInput, ProfileList, ProfileView, ServiceName } from '../../../src-preload/contract/profiles.ts';
import { probeCertificate } from '../http/certificate-probe.ts';
import type { Closable, Connector } from '../http/connector.ts';
import { fieldError } from '../english-text.ts';
import { ServiceFailure, serviceError } from '../http/service-failure.ts';
import { normalizeFingerprint } from '../http/trust.ts';
import type { TrustSettings } from '../http/types.ts';
import { Emitter, type Event } from '../lifecycle/emitter.ts';
import type { Logger } from '../log/logger.ts';
import type { KeyStore } from '../secrets/key-store.ts';
import { maskKey } from '../secrets/mask-key.ts';
import { UserFacingError } from '../user-facing-error.ts';
import { defaultTimeouts } from './profile-record.ts';
import type { ProfileRecord } from './profile-record.ts';
import type { ProfileRepository } from './profile-repository.ts';

/** What saving a profile needs to know of its back end. */
export type ProfileRules = { [Service in ServiceName]: Pick<Connector<Service, Closable>, 'normaliseBaseUrl' | 'isLiveKey'> };

export interface ProfileServiceOptions {
  repository: ProfileRepository;
  keyStore: KeyStore;
  logger: Logger;
  rules: ProfileRules;
  onChange?: (list: ProfileList) => void;
}

const nameTaken = (service: ServiceName, name: string) =>
  new UserFacingError({ code: 'conflict', service, params: { context: 'name_taken', name }, fieldErrors: [fieldError('name', 'name_taken')] });

export const profileNotFound = () => new UserFacingError({ code: 'not_found', params: { context: 'profile_gone' } });

/** Profiles: non-secret parts in SQLite, keys in the keychain. */
export class ProfileService {
  readonly #options: ProfileServiceOptions;
  readonly #profileChanged = new Emitter<string>();
  /** A profile was saved, re-trusted or removed: fires its id, before the list is sent to windows. */
  readonly onProfileChanged: Event<string> = this.#profileChanged.event;
  constructor(options: ProfileServiceOptions) {
    this.#options = options;
  }

  get keychain(): KeychainStatus {
    const { kind, reason } = this.#options.keyStore;
    return reason ? { kind, reason } : { kind };
  }

  async list(): Promise<ProfileList> {
    const records = this.#options.repository.all();
    // A keychain entry that cannot be read right now (a locked item) is shown as what was stored.
    const present = await Promise.all(
      records.map((record) => this.#options.keyStore.get(record.id).then((key) => key !== null, () => record.keyHint !== null)),
    );
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
    if (existing && !input.apiKey && new URL(existing.baseUrl).origin !== new URL(baseUrl).origin) {
      // The stored key was given for one server; it never goes to another without the user saying so.
      throw new UserFacingError({
        code: 'bad_request',
        params: { context: 'key_for_new_address' },
        fieldErrors: [fieldError('apiKey', 'key_for_new_address')],
      });
    }
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
    if (key) {
      this.#options.logger.registerSecret(key);
      await keyStore.set(id, key);
    }
    try {
      repository.put(record);
    } catch (error) {
      // A new profile whose row could not be written must not leave its key behind.
      if (key && !existing) await keyStore.delete(id);
      if (String((error as { code?: string }).code).startsWith('SQLITE_CONSTRAINT')) throw nameTaken(input.service, input.name);
      throw error;
    }
    this.#changed(id);
    return toView(record, key !== null || (await keyStore.get(id)) !== null);
  }

  async remove(id: string): Promise<null> {
    this.#require(id);
    // The key goes first: if the keychain refuses, the profile is still there to try again.
    await this.#options.keyStore.delete(id);
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

  apiKeyProvider(id: string): () => Promise<string | null> {
    return async () => {
      const key = await this.#options.keyStore.get(id);
      if (key) this.#options.logger.registerSecret(key);
      return key;
    };
  }

  close(): void {
    this.#profileChanged.dispose();
  }

  /**
   * The user saw a certificate and chose to trust it for this profile. Look again and trust it only
   * if the server still presents the very certificate (by SHA-256) the user was shown.
   */
  async trustCertificate(id: string, sha256: string): Promise<ProfileView> {
    const record = this.#require(id);
    const presented = await probeCertificate(new URL(record.baseUrl), record.timeouts.connectMs);
    if (normalizeFingerprint(presented.sha256) !== normalizeFingerprint(sha256)) {
      throw new ServiceFailure(
        serviceError({ service: record.service, code: 'certificate_changed', params: { context: 'changed_since_shown' }, retryable: false, certificate: presented }),
      );
    }
    if (this.#require(id).baseUrl !== record.baseUrl) {
      throw new UserFacingError({ code: 'conflict', params: { context: 'address_changed' } });
    }
    const trust = { mode: 'pinned' as const, pinnedSha256: presented.sha256, anchorPem: presented.chainPem.at(-1)! };
    if (!this.#options.repository.updateTrust(id, trust, new Date().toISOString())) throw profileNotFound();
    this.#changed(id);
    return toView(this.#require(id), (await this.#options.keyStore.get(id)) !== null);
  }

  /**
   * A pin typed in by hand has no anchor yet: take it from the server once, if its leaf matches the
   * pin. Only a connection test the user asked for does this.
   */
  async adoptPinnedAnchor(id: string): Promise<void> {
    const record = this.#require(id);
    if (record.trust.mode !== 'pinned' || record.trust.anchorPem) return;
    const presented = await probeCertificate(new URL(record.baseUrl), record.timeouts.connectMs);
    if (normalizeFingerprint(presented.sha256) !== normalizeFingerprint(record.trust.pinnedSha256 ?? '')) {
      throw new ServiceFailure(
        serviceError({ service: record.service, code: 'certificate_changed', params: { context: 'pin_mismatch' }, retryable: false, certificate: presented }),
      );
    }
    const trust = { ...record.trust, anchorPem: presented.chainPem.at(-1)! };
    if (!this.#options.repository.updateTrust(record.id, trust, record.updatedAt)) throw profileNotFound();
    this.#profileChanged.fire(record.id);
  }

  #require(id: string): ProfileRecord {
    const record = this.#options.repository.find(id);
    if (!record) throw profileNotFound();
    return record;
  }

  #changed(id: string): void {
    this.#profileChanged.fire(id);
    const { onChange } = this.#options;
    if (onChange) void this.list().then(onChange, (error: unknown) => this.#options.logger.error('could not list profiles', { error }));
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
