// Everything main needs to know about the support open API as a back end (support.md).
import { supportKeyPattern } from '../../../src-shared/contract/profiles.ts';
import { connectionSettingsFor, type Connector } from '../http/connector.ts';
import { withoutUndefined } from '../without-undefined.ts';
import { normaliseSupportBaseUrl } from './base-url.ts';
import { createSupportClient, type SupportClient } from './client.ts';
import { supportDialect } from './error-dialect.ts';
import { testSupportConnection } from './test-connection.ts';

export const supportConnector: Connector<'support', SupportClient> = {
  service: 'support',
  dialect: supportDialect,
  normaliseBaseUrl: normaliseSupportBaseUrl,
  isLiveKey: (key) => supportKeyPattern.exec(key)?.[1] === 'live',
  rateLimit: (settings) => ({ requests: settings.ratePerMinute, windowMs: 60_000 }),
  open: (profile, getApiKey, logger, options) =>
    createSupportClient(
      {
        ...connectionSettingsFor(supportConnector, profile, profile.baseUrl),
        ...withoutUndefined({ site: profile.settings.site, siteIn: profile.settings.siteIn, siteParameter: profile.settings.siteParameter }),
      },
      getApiKey,
      logger,
      options,
    ),
  test: testSupportConnection,
};
