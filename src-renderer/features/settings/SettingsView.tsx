import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ActivitySettingsSection } from '../activity/index.ts';
import { ModelAtWorkSection } from '../assistant/index.ts';
import { serviceOrder, useProfileList } from '../connections/index.ts';
import { NotificationSettingsSection } from '../notifications/index.ts';
import { CannedRepliesSection } from '../replies/index.ts';
import type { ViewParams } from '../../../src-shared/contract/workspace.ts';
import { ErrorNotice } from '../../ui/ErrorNotice.tsx';
import { AboutSection } from './AboutSection.tsx';
import { LanguageSection } from './LanguageSection.tsx';
import { LocalDataSection } from './LocalDataSection.tsx';
import { ServiceSection } from './ServiceSection.tsx';

/** Opened at a section (`params.section`) from a view that needs it set up: scrolled there, its heading focused. */
export function SettingsView({ params }: { params?: ViewParams<'settings'> }) {
  const { t } = useTranslation();
  const view = useRef<HTMLDivElement>(null);
  const shown = useRef<ViewParams<'settings'>>(undefined);
  const list = useProfileList({ readAgain: true });
  const keychain = list.data?.keychain;
  // Each link is followed once, when its section is there (a back end's once the connections have loaded).
  useEffect(() => {
    if (!params?.section || shown.current === params) return;
    const section = view.current?.querySelector<HTMLElement>(`[data-settings-section="${params.section}"]`);
    if (!section) return;
    shown.current = params;
    section.scrollIntoView({ block: 'start' });
    section.querySelector<HTMLElement>('h2')?.focus();
  }, [params, list.status]);

  return (
    <div className="view settings-view" ref={view}>
      <header className="view-header">
        <h1>{t('views.settings.title')}</h1>
      </header>
      {keychain?.kind === 'session-only' && (
        <div className="notice notice-warning" role="alert">
          <strong>{t('settings.keychain.sessionOnly')}</strong>
          <p>{t('settings.keychain.sessionOnlyReason', keychain.reason ? { context: 'detail', detail: keychain.reason } : {})}</p>
        </div>
      )}
      {keychain?.kind === 'waiting' && (
        <p className="muted" role="status">
          {t('settings.keychain.waiting')}
        </p>
      )}
      {keychain?.kind === 'os-keychain' && <p className="muted">{t('settings.keychain.os')}</p>}
      {list.isError && <ErrorNotice error={list.error} title={t('connection.loadFailed')} />}
      {list.isPending && <p className="muted">{t('connection.loading')}</p>}
      {list.isSuccess && serviceOrder.map((service) => <ServiceSection key={service} service={service} />)}
      <ModelAtWorkSection />
      <CannedRepliesSection />
      <LanguageSection />
      <NotificationSettingsSection />
      <ActivitySettingsSection />
      <LocalDataSection />
      <AboutSection />
    </div>
  );
}
