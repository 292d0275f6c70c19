// The process the crash test kills: the app's services on the given data folder make one write whose
// sender stops for good before sending it (`before-send`) or after the server committed it
// (`after-commit`), and says so; the test then kills it with SIGKILL, so no cleanup runs.
import { createAppServices } from '../../../src-main/core/app-services.ts';
import { SessionKeyStore } from '../../../src-main/core/secrets/session-key-store.ts';
import { RecordingPlatform } from '../../support/recording-platform.ts';
import { newTicket } from './outbox-fixture.ts';

const [dataDir, profileId, mode, subject] = process.argv.slice(2) as [string, string, 'before-send' | 'after-commit', string];
const keyStore = new SessionKeyStore('outbox process');
await keyStore.set(profileId, process.env.OPSDESK_TEST_SUPPORT_KEY ?? '');
// Not openTestServices: the test kills this process, so nothing it would clean up is ever cleaned.
const services = await createAppServices({ dataDir, keyStore, platform: new RecordingPlatform(), logSink: () => {} });
services.outbox.registerSender('support', async (write, idempotencyKey) => {
  if (mode === 'after-commit') await services.clients.clientFor(write.profileId, 'support').call({ ...write.request, idempotencyKey });
  process.stdout.write(`${mode}\n`);
  return new Promise(() => {});
});
void services.outbox.submit(newTicket(profileId, subject));
