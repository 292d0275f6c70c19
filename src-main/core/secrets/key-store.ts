export interface KeyStore {
  /** os-keychain: keys survive restarts. session-only: keys are forgotten when OpsDesk quits. */
  readonly kind: 'os-keychain' | 'session-only';
  /** Why keys are session-only: what the keychain said (the window explains what it means). */
  readonly reason?: string;
  get(profileId: string): Promise<string | null>;
  set(profileId: string, key: string): Promise<void>;
  delete(profileId: string): Promise<void>;
}
