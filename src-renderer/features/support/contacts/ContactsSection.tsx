import { useTranslation } from 'react-i18next';
import { supportCalls } from '../support-data.ts';
import type { ContactRow } from '../../../../src-shared/contract/support.ts';
import type { SupportSectionProps } from '../section.ts';
import { CachedListSection, StatusFilter, useCachedList } from '../lists/CachedListSection.tsx';
import { contactStatusList, contactStatusWords } from '../lists/status-words.ts';
import { ContactDetailPane } from './ContactDetailPane.tsx';
import { NewContactDialog } from './NewContactDialog.tsx';
import { visibleText } from '../../../../src-shared/visible-text.ts';

/** The site's contacts from the cache: search, filter by status, open one beside the list; works the same offline. */
export function ContactsSection({ profile, itemId }: SupportSectionProps) {
  const { t } = useTranslation();
  const profileId = profile.id;
  const list = useCachedList<ContactRow, { status: string | null; text: string }>({
    profileId,
    resource: 'contacts',
    read: (query, window) =>
      supportCalls(profileId).contacts({ ...(query.status !== null && { status: [query.status] }), ...(query.text.trim() && { text: query.text.trim() }), ...window }),
    initialQuery: { status: null, text: '' },
  });
  const { total, syncedAt, query, setQuery } = list;

  return (
    <CachedListSection
      profileId={profileId}
      resource="contacts"
      list={list}
      filters={
        <>
          <input
            type="search"
            className="si-search"
            aria-label={t('support.contacts.search')}
            placeholder={t('support.contacts.searchPlaceholder')}
            value={query.text}
            onChange={(event) => setQuery({ text: event.target.value })}
          />
          <StatusFilter
            list={list}
            label={t('support.contacts.status')}
            statuses={contactStatusList}
            chipContent={(value) => contactStatusWords(value, t)}
          />
        </>
      }
      create={{
        scope: 'crm.write',
        dialog: (writes, close) => <NewContactDialog profileId={profileId} writes={writes} onClose={close} />,
      }}
      rows={{
        height: 52,
        render: (row) => <ContactLine row={row} />,
        empty: total === null ? '' : syncedAt === null ? t('support.contacts.nothingSynced') : t('support.contacts.none'),
      }}
      detail={{
        initialId: itemId ?? null,
        render: (id) => <ContactDetailPane key={id} profileId={profileId} contactId={id} />,
      }}
    />
  );
}

function ContactLine({ row }: { row: ContactRow }) {
  const { t } = useTranslation();
  return (
    <>
      <span className="si-row-main">
        <span className="si-row-top">
          <bdi className="si-subject">{visibleText(row.name ?? row.id)}</bdi>
          <bdi className="si-visitor muted">{row.company && visibleText(row.company)}</bdi>
        </span>
        <bdi className="si-last-message muted">{visibleText([row.email, row.phone].filter(Boolean).join(' · '))}</bdi>
      </span>
      <span className="si-row-side">
        <span className="si-status">{contactStatusWords(row.status, t)}</span>
      </span>
    </>
  );
}
