// The process that runs a sync in the crash test: the app's services on the given data folder,
// one sync of one profile, then "done". The test kills it part-way with SIGKILL.
import { createAppServices } from '../../../src-main/core/app-services.ts';
import { SessionKeyStore } from '../../../src-main/core/secrets/session-key-store.ts';
import { RecordingPlatform } from '../../support/recording-platform.ts';

const [dataDir, profileId] = process.argv.slice(2) as [string, string];
const keyStore = new SessionKeyStore('sync process');
await keyStore.set(profileId, process.env.OPSDESK_TEST_FIREWALL_KEY ?? '');
// Not openTestServices: the test kills this process, so nothing it would clean up is ever cleaned.
const services = await createAppServices({ dataDir, keyStore, platform: new RecordingPlatform(), logSink: () => {} });
await services.firewall.alerts.sync(profileId, (progress) => process.stdout.write(`${JSON.stringify(progress)}\n`));
process.stdout.write('done\n');
await services.dispose();
