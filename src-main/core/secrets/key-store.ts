export interface KeyStore {
  /**
   * os-keychain: keys survive restarts. session-only: keys are forgotten when OpsDesk quits.
   * waiting: the keychain has not answered yet (a locked keyring); keys cannot be read or saved.
   */
  readonly kind: 'os-keychain' | 'session-only' | 'waiting';
  /** Why keys are session-only: what the keychain said (the window words the notice around it). */
  readonly reason?: string;
  /** A store that starts `waiting`: settles once the keychain has answered. */
  readonly opened?: Promise<unknown>;
  get(profileId: string): Promise<string | null>;
  set(profileId: string, key: string): Promise<void>;
  delete(profileId: string): Promise<void>;
}
