export interface KeyStore {
  /** os-keychain: keys survive restarts. session-only: keys are forgotten when OpsDesk quits. */
  readonly kind: 'os-keychain' | 'session-only';
  /** Why keys are session-only, in words for the user. */
  readonly reason?: string;
  get(profileId: string): Promise<string | null>;
  set(profileId: string, key: string): Promise<void>;
  delete(profileId: string): Promise<void>;
}
