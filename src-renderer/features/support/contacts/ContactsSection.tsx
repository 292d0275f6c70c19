import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStore } from 'zustand';
import type { ContactRow } from '../../../../src-preload/contract/support.ts';
import { opsdesk } from '../../../bridge.ts';
import { ErrorNotice } from '../../../ui/ErrorNotice.tsx';
import { ScopeGate } from '../access/ScopeGate.tsx';
import type { SupportSectionProps } from '../sections.ts';
import { createPagedCacheStore } from '../inbox/paged-cache-store.ts';
import { contactStatusList, contactStatusWords } from '../inbox/status-words.ts';
import { SupportSyncLine } from '../inbox/SupportSyncLine.tsx';
import { useSupportWrites } from '../inbox/use-support-writes.ts';
import { VirtualList } from '../inbox/VirtualList.tsx';
import { WriteList } from '../inbox/WriteList.tsx';
import { ContactDetailPane } from './ContactDetailPane.tsx';
import { NewContactDialog } from './NewContactDialog.tsx';
import '../inbox/support-inbox.css';

const rowKey = (row: ContactRow) => row.id;

/** The site's contacts from the cache: search, filter by status, open one beside the list; works the same offline. */
export function ContactsSection({ profile, itemId }: SupportSectionProps) {
  const { t } = useTranslation();
  const profileId = profile.id;
  const [store] = useState(() =>
    createPagedCacheStore<ContactRow, { status: string | null; text: string }>(
      (query, window) =>
        opsdesk.support.contacts({ profileId, ...(query.status !== null && { status: [query.status] }), ...(query.text.trim() && { text: query.text.trim() }), ...window }),
      { status: null, text: '' },
    ),
  );
  const total = useStore(store, (state) => state.total);
  const syncedAt = useStore(store, (state) => state.syncedAt);
  const error = useStore(store, (state) => state.error);
  const query = useStore(store, (state) => state.query);
  const selectedIndex = useStore(store, (state) => state.selectedIndex);
  useStore(store, (state) => state.pages);
  const { refresh, ensureRows, rowAt, select, setQuery } = store.getState();
  const [openId, setOpenId] = useState<string | null>(itemId ?? null);
  const [creating, setCreating] = useState(false);
  const writes = useSupportWrites(profileId);

  useEffect(() => {
    void refresh();
    return opsdesk.support.onContactsChanged((change) => {
      if (change.profileId === profileId) void refresh();
    });
  }, [profileId, refresh]);

  const choose = (index: number) => {
    select(index);
    const row = rowAt(index);
    if (row) setOpenId(row.id);
  };

  return (
    <section className="si-section" aria-label={t('supportInbox.contacts.region')}>
      <SupportSyncLine profileId={profileId} resource="contacts" />
      <div className="si-toolbar">
        <input
          type="search"
          className="si-search"
          aria-label={t('supportInbox.contacts.search')}
          placeholder={t('supportInbox.contacts.searchPlaceholder')}
          value={query.text}
          onChange={(event) => setQuery({ text: event.target.value })}
        />
        <div className="si-status-tabs" role="group" aria-label={t('supportInbox.contacts.status')}>
          <button type="button" className={query.status === null ? 'chip chip-on' : 'chip'} aria-pressed={query.status === null} onClick={() => setQuery({ status: null })}>
            {t('supportInbox.tickets.all')}
          </button>
          {contactStatusList.map((value) => (
            <button key={value} type="button" className={query.status === value ? 'chip chip-on' : 'chip'} aria-pressed={query.status === value} onClick={() => setQuery({ status: value })}>
              {contactStatusWords(value, t)}
            </button>
          ))}
        </div>
        <span className="si-count" role="status" aria-label={t('supportInbox.contacts.matching')}>
          {total === null ? '' : t('supportInbox.contacts.count', { count: total })}
        </span>
        <ScopeGate profileId={profileId} scope="crm.write">
          <button type="button" className="button-primary" onClick={() => setCreating(true)}>
            {t('supportInbox.contacts.new')}
          </button>
        </ScopeGate>
      </div>
      <WriteList writes={writes} />
      {error && <ErrorNotice error={error} title={t('supportInbox.loadFailed')} />}
      <div className="si-split">
        <VirtualList
          label={t('supportInbox.contacts.list')}
          rowCount={total ?? 0}
          rowAt={rowAt}
          rowKey={rowKey}
          rowHeight={52}
          renderRow={(row) => <ContactLine row={row} />}
          onRangeChange={ensureRows}
          selectedIndex={selectedIndex}
          onSelect={choose}
          onOpen={choose}
          empty={total === null ? '' : syncedAt === null ? t('supportInbox.contacts.nothingSynced') : t('supportInbox.contacts.none')}
        />
        {openId ? (
          <ContactDetailPane key={openId} profileId={profileId} contactId={openId} />
        ) : (
          <p className="si-choose muted">{t('supportInbox.contacts.choose')}</p>
        )}
      </div>
      {creating && <NewContactDialog profileId={profileId} writes={writes} onClose={() => setCreating(false)} />}
    </section>
  );
}

function ContactLine({ row }: { row: ContactRow }) {
  const { t } = useTranslation();
  return (
    <>
      <span className="si-row-main">
        <span className="si-row-top">
          <span className="si-subject">{row.name ?? row.id}</span>
          <span className="si-visitor muted">{row.company}</span>
        </span>
        <span className="si-last-message muted">{[row.email, row.phone].filter(Boolean).join(' · ')}</span>
      </span>
      <span className="si-row-side">
        <span className="si-status">{contactStatusWords(row.status, t)}</span>
      </span>
    </>
  );
}
