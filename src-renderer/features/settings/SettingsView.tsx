import { useEffect, useRef, useState } from 'react';
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
import { useSettingsFilter } from './use-settings-filter.ts';
import './settings.css';

/** The sections, in the order they are shown, each named as its heading is. */
const sections = [
  ['gateway', 'services.gateway.title'],
  ['support', 'services.support.title'],
  ['firewall', 'services.firewall.title'],
  ['modelAtWork', 'assistant.settings.heading'],
  ['cannedReplies', 'settings.canned.region'],
  ['language', 'settings.language.heading'],
  ['notifications', 'notificationCenter.settings.heading'],
  ['activity', 'activity.settings.region'],
  ['data', 'localData.region'],
  ['about', 'settings.about.heading'],
] as const;

/** Scrolls to a section and focuses its heading; false while it is not there yet. */
function showSection(root: HTMLElement | null, section: string): boolean {
  const element = root?.querySelector<HTMLElement>(`[data-settings-section="${section}"]`);
  if (!element) return false;
  element.scrollIntoView({ block: 'start' });
  element.querySelector<HTMLElement>('h2')?.focus();
  return true;
}

/** Opened at a section (`params.section`) from a view that needs it set up: scrolled there, its heading focused. */
export function SettingsView({ params }: { params?: ViewParams<'settings'> }) {
  const { t } = useTranslation();
  const view = useRef<HTMLDivElement>(null);
  const followed = useRef<ViewParams<'settings'>>(undefined);
  const list = useProfileList({ readAgain: true });
  const keychain = list.data?.keychain;
  const content = useRef<HTMLDivElement>(null);
  const [query, setQuery] = useState('');
  const shown = useSettingsFilter(content, query);
  const open = (section: string) => showSection(view.current, section);
  // Each link is followed once, when its section is there (a back end's once the connections have loaded).
  useEffect(() => {
    if (!params?.section || followed.current === params) return;
    if (showSection(view.current, params.section)) followed.current = params;
  }, [params, list.status]);

  return (
    <div className="view settings-view" ref={view}>
      <header className="view-header">
        <h1>{t('views.settings.title')}</h1>
        <input
          type="search"
          className="settings-search"
          aria-label={t('settings.search.label')}
          placeholder={t('settings.search.placeholder')}
          value={query}
          onChange={(event) => setQuery(event.target.value)}
        />
      </header>
      <div className="settings-layout">
        <nav className="settings-nav" aria-label={t('settings.search.sections')}>
          <ul>
            {sections
              .filter(([section]) => !shown || shown.has(section))
              .map(([section, heading]) => (
                <li key={section}>
                  <button type="button" onClick={() => open(section)}>
                    {t(heading)}
                  </button>
                </li>
              ))}
          </ul>
        </nav>
        <div className="settings-content" ref={content}>
          {shown?.size === 0 && (
            <p className="muted" role="status">
              {t('settings.search.noMatch', { query: query.trim() })}
            </p>
          )}
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
          {keychain?.kind === 'os-keychain' && !shown && <p className="muted">{t('settings.keychain.os')}</p>}
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
      </div>
    </div>
  );
}
