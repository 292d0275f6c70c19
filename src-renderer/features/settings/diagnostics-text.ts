import type { TFunction } from 'i18next';
import type { Diagnostics, ProfileRoute } from '../../../src-shared/contract/app.ts';

export interface DiagnosticsRow {
  label: string;
  value: string;
}

function routeText(route: ProfileRoute, t: TFunction): string {
  if (route.proxyMode === 'none') return t('settings.about.route.none');
  return t(`settings.about.route.${route.proxyMode}`, { proxy: route.proxy ?? t('settings.about.unknownProxy') });
}

function keychainText({ keychain }: Diagnostics, t: TFunction): string {
  if (keychain.kind === 'os-keychain') return t(`settings.about.keychainStore.${keychain.store}`);
  if (keychain.kind === 'waiting') return t('settings.about.keychainWaiting');
  return t('settings.about.keychainSessionOnly', keychain.reason ? { context: 'detail', detail: keychain.reason } : {});
}

/**
 * The About page's lines, shown as a list and copied as text in the same words: what main sent, so
 * a host name is here only when the user asked main for it.
 */
export function diagnosticsRows(diagnostics: Diagnostics, t: TFunction): DiagnosticsRow[] {
  const { versions, systemCertificates, environmentProxy } = diagnostics;
  const notInElectron = t('settings.about.notInElectron');
  const rows: DiagnosticsRow[] = [
    { label: t('settings.about.version'), value: versions.app },
    { label: t('settings.about.electron'), value: versions.electron ?? notInElectron },
    { label: t('settings.about.chromium'), value: versions.chromium ?? notInElectron },
    { label: t('settings.about.node'), value: versions.node },
    { label: t('settings.about.system'), value: diagnostics.system },
    { label: t('settings.about.dataFolder'), value: diagnostics.dataFolder },
    { label: t('settings.about.logFile'), value: diagnostics.logFile },
    { label: t('settings.about.keychain'), value: keychainText(diagnostics, t) },
    {
      label: t('settings.about.certificates'),
      value:
        systemCertificates.failure === undefined
          ? t('settings.about.certificatesLoaded', { count: systemCertificates.count })
          : t('settings.about.certificatesNone', { reason: systemCertificates.failure }),
    },
    { label: t('settings.about.environmentProxy'), value: environmentProxy.proxy ?? t('settings.about.noEnvironmentProxy') },
  ];
  if (environmentProxy.noProxy) rows.push({ label: t('settings.about.noProxy'), value: environmentProxy.noProxy });
  if (diagnostics.profiles.length === 0) rows.push({ label: t('settings.about.connections'), value: t('settings.about.noConnections') });
  diagnostics.profiles.forEach((route, index) => {
    const service = t(`services.${route.service}.title`);
    const label =
      route.name !== undefined && route.host !== undefined
        ? t('settings.about.connectionNamed', { service, name: route.name, host: route.host })
        : t('settings.about.connection', { service, index: index + 1 });
    rows.push({ label, value: routeText(route, t) });
  });
  return rows;
}

export const diagnosticsText = (rows: readonly DiagnosticsRow[]): string => rows.map(({ label, value }) => `${label}: ${value}`).join('\n');
