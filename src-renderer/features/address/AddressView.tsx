import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { AddressMention, MentionKind } from '../../../src-shared/contract/address.ts';
import type { NavigationTarget } from '../../../src-shared/contract/workspace.ts';
import { ItemHistory } from '../activity/index.ts';
import { AddressText } from '../../ui/AddressText.tsx';
import { ErrorNotice } from '../../ui/ErrorNotice.tsx';
import { Time } from '../../ui/Time.tsx';
import { useWorkspaceStore } from '../../navigation/workspace-store.ts';
import { useAddressMentions } from './address-data.ts';
import './address.css';
import { visibleText } from '../../../src-shared/visible-text.ts';
import { addressTitle } from '../../navigation/tab-titles.ts';

/** In the order the card shows them. */
const mentionKinds: readonly MentionKind[] = ['ticket', 'contact', 'workItem', 'conversation'];

interface Props {
  address: string;
  /** The firewall's sections (alerts, standing on each appliance), composed by the workspace. */
  children: ReactNode;
}

/**
 * Everything the local cache knows about one address or range, in one tab: the firewall's
 * sections, then the tickets, contacts, work items and conversations that mention it. Opened by
 * `navigate({ kind: 'address', params: { address } })` from any linked address or the palette.
 */
export function AddressView({ address, children }: Props) {
  const { t } = useTranslation();
  return (
    <div className="address-card" role="region" aria-label={addressTitle({ address }, t)}>
      <header className="address-header">
        <h2>
          <bdi>{address}</bdi>
        </h2>
        <p className="muted">{t(address.includes('/') ? 'address.kindRange' : 'address.kindAddress')}</p>
      </header>
      {children}
      <Mentions address={address} />
      <div className="card address-section">
        <ItemHistory target={{ address }} />
      </div>
    </div>
  );
}

const targetOf = (mention: AddressMention): NavigationTarget => {
  const profileId = mention.profileId ?? '';
  switch (mention.kind) {
    case 'ticket':
      return { kind: 'ticket', params: { profileId, ticketId: mention.id } };
    case 'contact':
      return { kind: 'support', params: { profileId, section: 'contacts', itemId: mention.id } };
    case 'workItem':
      return { kind: 'support', params: { profileId, section: 'work', itemId: mention.id } };
    case 'conversation':
      return { kind: 'conversation', params: { id: mention.id } };
  }
};

function Mentions({ address }: { address: string }) {
  const { t } = useTranslation();
  const mentions = useAddressMentions(address);
  return (
    <section className="card address-section" aria-label={t('address.mentions.title')}>
      <h3>{t('address.mentions.title')}</h3>
      {mentions.isPending && <p className="muted">{t('address.mentions.reading')}</p>}
      {mentions.isError && <ErrorNotice error={mentions.error} title={t('address.mentions.readFailed')} />}
      {mentions.data && (
        <div className="address-mention-groups">
          {mentionKinds.map((kind) => (
            <MentionGroup key={kind} kind={kind} items={mentions.data[kind]} />
          ))}
        </div>
      )}
    </section>
  );
}

function MentionGroup({ kind, items }: { kind: MentionKind; items: readonly AddressMention[] }) {
  const { t } = useTranslation();
  const navigate = useWorkspaceStore((state) => state.navigate);
  const title = t(`address.mentions.kinds.${kind}`, { count: items.length });
  return (
    <section className="address-mention-group" aria-label={title}>
      <h4>{title}</h4>
      {items.length === 0 ? (
        <p className="muted">{t('address.mentions.none')}</p>
      ) : (
        <ul>
          {items.map((item) => (
            <li key={`${item.profileId ?? ''}/${item.id}`} className="address-mention">
              <button type="button" className="link-button" onClick={() => navigate(targetOf(item))}>
                <bdi>{visibleText(item.title?.trim() ? item.title : item.id)}</bdi>
              </button>
              {item.at && (
                <span className="muted">
                  {' · '}
                  <Time value={item.at} />
                </span>
              )}
              <p className="address-excerpt">
                <bdi>
                  <AddressText text={item.excerpt} />
                </bdi>
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
