import type { Contract } from '../../../src-shared/contract/index.ts';
import type { AppServices } from '../../core/app-services.ts';
import type { Handlers } from '../router.ts';

export function profilesHandlers(services: AppServices): Handlers<Contract>['profiles'] {
  return {
    list: () => services.profiles.list(),
    save: (input) => services.profiles.save(input),
    remove: ({ id, forgetCache }) => services.connectionData.remove(id, { forgetCache }),
    cachedData: ({ id }) => services.connectionData.cached(id),
    testConnection: ({ id }) => services.clients.testConnection(id),
    trustCertificate: ({ id, sha256 }) => services.profiles.trustCertificate(id, sha256),
    health: () => services.health.all(services.profiles.ids()),
    watchConnection: ({ id }) => services.connectionWatch.watch(id),
    certificateChange: ({ id }) => services.profiles.certificateChange(id),
    acceptCertificateChange: ({ id, choice, apiKey }) => services.profiles.acceptCertificateChange(id, choice, apiKey),
  };
}
