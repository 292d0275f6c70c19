// Webhook signing secrets in the real keychain: stored one entry per profile and webhook, read back
// after a restart, and deleted with their profile.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../../../src-main/core/db/database.ts';
import { SettingsTable } from '../../../src-main/core/db/settings.ts';
import { createLogger } from '../../../src-main/core/log/logger.ts';
import type { KeyStore } from '../../../src-main/core/secrets/key-store.ts';
import { openKeyStore } from '../../../src-main/core/secrets/open-key-store.ts';
import { RegisteringKeyStore } from '../../../src-main/core/secrets/registering-key-store.ts';
import { WebhookSecrets } from '../../../src-main/core/support-webhooks/webhook-secrets.ts';

const hasSecretService = Boolean(process.env.DBUS_SESSION_BUS_ADDRESS);
if (!hasSecretService) console.log('skipped: no D-Bus session, so no Secret Service (run through scripts/with-test-keyring.sh)');

let dataDir: string;
let db: Db;
let keyStore: KeyStore;
const logger = createLogger({ sink: () => {} });
const secretsOf = () => new WebhookSecrets(keyStore, new SettingsTable(db), logger);

beforeEach(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'opsdesk-webhook-secrets-'));
  db = openDatabase(path.join(dataDir, 'opsdesk.sqlite'));
  keyStore = new RegisteringKeyStore(await openKeyStore(), (secret) => logger.registerSecret(secret));
});
afterEach(async () => {
  db.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe.skipIf(!hasSecretService)('webhook secrets', () => {
  it('are kept in the OS keychain and read back by a later start', async () => {
    expect(await secretsOf().store('profile-a', 'wh_000001', 'whsec_first_secret')).toBe(true);
    expect(await keyStore.get('profile-a#support-webhook:wh_000001')).toBe('whsec_first_secret');
    expect(await secretsOf().all()).toEqual([{ profileId: 'profile-a', webhookId: 'wh_000001', secret: 'whsec_first_secret' }]);
    expect(logger.redact('a line with whsec_first_secret')).toBe('a line with [redacted]');
  });

  it('leave the keychain with their profile, and only theirs', async () => {
    const secrets = secretsOf();
    await secrets.store('profile-gone', 'wh_000002', 'whsec_gone_secret');
    await secrets.store('profile-kept', 'wh_000003', 'whsec_kept_secret');
    await secrets.forgetProfile('profile-gone');
    expect(await keyStore.get('profile-gone#support-webhook:wh_000002')).toBeNull();
    expect(secrets.heldIds('profile-gone')).toEqual(new Set());
    expect((await secretsOf().all())?.map((held) => held.webhookId)).toEqual(['wh_000003']);
  });
});
