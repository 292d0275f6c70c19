import { useTranslation } from 'react-i18next';
import type { SupportScope } from '../../../src-shared/contract/support.ts';
import { holdsScope } from '../../../src-shared/support-scope.ts';

/** Every scope support.md names and the words for what it lets the analyst do, in the order they are read: tickets first, the site's administration last. */
const abilities = [
  ['ticket.read', 'ticketRead'], ['agent.reply', 'agentReply'], ['ticket.write', 'ticketWrite'], ['live.write', 'liveWrite'],
  ['kb.read', 'kbRead'], ['kb.write', 'kbWrite'], ['chat', 'chat'], ['crm.read', 'crmRead'], ['crm.write', 'crmWrite'],
  ['work.read', 'workRead'], ['work.write', 'workWrite'], ['hooks.write', 'hooksWrite'], ['analytics.read', 'analyticsRead'], ['logs.read', 'logsRead'],
] as const satisfies readonly (readonly [SupportScope, string])[];

const knownKeyTypes = ['runtime', 'ops', 'agent'] as const;
const isKnownKeyType = (type: string): type is (typeof knownKeyTypes)[number] => (knownKeyTypes as readonly string[]).includes(type);

/** A support key's kind in plain words: what it is for, or the server's own word for it. */
export function useKeyTypeText() {
  const { t } = useTranslation();
  return (type: string | null | undefined) =>
    !type ? t('keyAccess.keyType.unknown') : isKnownKeyType(type) ? t(`keyAccess.keyType.${type}`) : t('keyAccess.keyType.other', { type });
}

/**
 * What a support key may do on its site, as sentences: its kind (when `keyType` is given), what it
 * can, what it cannot, and the scopes support.md does not name as they are (a `crm.*` grants both
 * of its family's).
 */
export function KeyAccess({ scopes, keyType }: { scopes: readonly string[]; keyType?: string | null }) {
  const { t, i18n } = useTranslation();
  const keyTypeText = useKeyTypeText();
  const list = (items: string[]) => new Intl.ListFormat(i18n.language, { style: 'long', type: 'conjunction' }).format(items);
  const can = abilities.filter(([scope]) => holdsScope(scopes, scope)).map(([, words]) => t(`keyAccess.abilities.${words}`));
  const cannot = abilities.filter(([scope]) => !holdsScope(scopes, scope)).map(([, words]) => t(`keyAccess.abilities.${words}`));
  const other = scopes.filter((held) => !abilities.some(([scope]) => holdsScope([held], scope)));
  const sentences = [
    ...(keyType !== undefined ? [t('keyAccess.kind', { type: keyTypeText(keyType) })] : []),
    can.length > 0 ? t('keyAccess.can', { abilities: list(can) }) : t('keyAccess.canNothing'),
    ...(cannot.length > 0 ? [t('keyAccess.cannot', { abilities: list(cannot) })] : []),
    ...(other.length > 0 ? [t('keyAccess.other', { scopes: list(other) })] : []),
  ];
  return <span className="key-access">{sentences.reduce((first, next) => t('keyAccess.sentences', { first, next }))}</span>;
}
