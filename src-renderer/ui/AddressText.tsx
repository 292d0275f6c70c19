import { Fragment, useMemo } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { findAddresses } from '../../src-shared/address-mentions.ts';
import { useWorkspaceStore } from '../navigation/workspace-store.ts';
import { visibleText } from '../../src-shared/visible-text.ts';

/** One address as a link to its card (`address` as the recogniser names it; `children` as the text wrote it). */
export function AddressLink({ address, children }: { address: string; children: ReactNode }) {
  const { t } = useTranslation();
  const navigate = useWorkspaceStore((state) => state.navigate);
  return (
    <button type="button" className="link-button address-link" title={t('address.openCard', { address })} onClick={() => navigate({ kind: 'address', params: { address } })}>
      {children}
    </button>
  );
}

interface Props {
  text: string;
  /** How each piece is shown; with its invisible format characters written out unless said (a cell also cuts it). */
  show?: (piece: string) => string;
}

/**
 * Text from a server or a model with every IPv4/IPv6 address and CIDR range in it a link to that
 * address's card. React text only: nothing in `text` is ever read as markup.
 */
export function AddressText({ text, show = visibleText }: Props) {
  const mentions = useMemo(() => findAddresses(text), [text]);
  if (mentions.length === 0) return <>{show(text)}</>;
  return (
    <>
      {mentions.map((mention, i) => {
        const before = text.slice(i === 0 ? 0 : mentions[i - 1]!.end, mention.start);
        return (
          <Fragment key={mention.start}>
            {before && show(before)}
            <AddressLink address={mention.address}>{show(text.slice(mention.start, mention.end))}</AddressLink>
          </Fragment>
        );
      })}
      {mentions.at(-1)!.end < text.length && show(text.slice(mentions.at(-1)!.end))}
    </>
  );
}
