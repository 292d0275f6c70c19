import { useEffect, useId, useMemo, useRef, useState } from 'react';
import type { KeyboardEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { SearchAnswer, SearchDirect, SearchHit } from '../../../src-shared/contract/search.ts';
import type { NavigationTarget } from '../../../src-shared/contract/workspace.ts';
import { useConnectionState, useProfiles } from '../../features/connections/index.ts';
import { ErrorNotice } from '../../ui/ErrorNotice.tsx';
import { useFormat } from '../../ui/format.ts';
import { paletteCommands, useCommandInputs, type PaletteCommand } from '../commands.ts';
import { useWorkspaceStore } from '../../navigation/workspace-store.ts';
import { rememberTitle } from '../../navigation/tab-titles.ts';
import { Highlighted } from './Highlighted.tsx';
import { useNoteAction, usePaletteHybrid, usePaletteSearch, useRecentActions } from './palette-data.ts';
import { usePaletteStore } from './palette-store.ts';
import './palette.css';
import { useAlertCodeWords } from '../../features/firewall/parts/alert-code-words.ts';
import { severityWords } from '../../features/firewall/parts/SeverityBadge.tsx';

/** Commands shown while typing: the search's groups follow them. */
const COMMANDS_WHILE_TYPING = 6;
const PREFIXED = /^\s*(ip|ticket|alert|chat)\s*:/i;

type Row =
  | { key: string; type: 'direct'; direct: SearchDirect }
  | { key: string; type: 'command'; command: PaletteCommand }
  | { key: string; type: 'hit'; hit: SearchHit };

/** The commands whose words hold every typed word, the recently used first. */
function matchingCommands(commands: PaletteCommand[], text: string, recent: readonly string[]): PaletteCommand[] {
  const typed = text.toLowerCase().split(/\s+/).filter(Boolean);
  const rank = (command: PaletteCommand) => {
    const index = recent.indexOf(command.id);
    return index < 0 ? recent.length : index;
  };
  return commands
    .filter((command) => typed.every((word) => `${command.title} ${command.words}`.toLowerCase().includes(word)))
    .sort((a, b) => rank(a) - rank(b));
}

function rowsOf(answer: SearchAnswer | undefined, commands: PaletteCommand[], typing: boolean): Row[] {
  return [
    ...(answer?.direct ?? []).map((direct, index): Row => ({ key: `direct-${index}`, type: 'direct', direct })),
    ...(typing ? commands.slice(0, COMMANDS_WHILE_TYPING) : commands).map((command): Row => ({ key: `command-${command.id}`, type: 'command', command })),
    ...(answer?.groups ?? []).flatMap((group) => group.hits.map((hit): Row => ({ key: `hit-${hit.kind}-${hit.profileId ?? ''}-${hit.id}`, type: 'hit', hit }))),
  ];
}

/** Ctrl/Cmd+K: one box for the commands and a search across the local cache. */
export function Palette() {
  const { t, i18n } = useTranslation();
  const format = useFormat();
  const english = i18n.getFixedT('en');
  const close = usePaletteStore((state) => state.close);
  const { navigate, openInBackground } = useWorkspaceStore.getState();
  const [text, setText] = useState('');
  const [selected, setSelected] = useState(0);
  const input = useRef<HTMLInputElement>(null);
  const list = useRef<HTMLUListElement>(null);
  const id = useId();
  const typing = text.trim() !== '';
  const search = usePaletteSearch(text);
  const words = typing ? search.data : undefined;
  const hybrid = usePaletteHybrid(text, words?.text === text && words.wordsOnlyBecause === undefined);
  // The fused answer once it is for this text; the words' answer until then (and when meaning cannot be searched).
  const answer = typing && hybrid.data?.text === text ? hybrid.data : words;
  const recent = useRecentActions().data;
  const noteAction = useNoteAction();
  const address = answer?.direct.find((direct) => direct.kind === 'address')?.label ?? null;
  const commandInputs = useCommandInputs();
  const profiles = useProfiles();
  const commands = useMemo(
    () => (PREFIXED.test(text) ? [] : matchingCommands(paletteCommands(t, english, { address, profiles }, commandInputs), text, recent ?? [])),
    // The commands also read the stores they need (tabs, connections) when listed: the palette lists them as it opens.
    [t, english, address, profiles, text, recent, commandInputs],
  );
  const rows = rowsOf(answer, commands, typing);
  const current = Math.min(selected, rows.length - 1);

  useEffect(() => input.current?.focus(), []);
  useEffect(() => {
    list.current?.querySelector('[aria-selected="true"]')?.scrollIntoView({ block: 'nearest' });
  }, [current, rows.length]);

  const open = (target: NavigationTarget, background: boolean) => {
    if (background) {
      openInBackground(target);
      return;
    }
    close();
    navigate(target);
  };
  const run = (row: Row, background: boolean) => {
    if (row.type === 'command') {
      noteAction.mutate(row.command.id);
      close();
      row.command.run();
    } else if (row.type === 'hit') {
      rememberTitle(row.hit.target, row.hit.title);
      open(row.hit.target, background);
    } else {
      open(row.direct.target, background);
    }
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') close({ restoreFocus: true });
    else if (event.key === 'ArrowDown') setSelected(Math.min(current + 1, rows.length - 1));
    else if (event.key === 'ArrowUp') setSelected(Math.max(current - 1, 0));
    else if (event.key === 'Enter' && rows[current]) run(rows[current], event.altKey);
    else return;
    event.preventDefault();
  };

  const option = (row: Row, index: number, content: ReactNode) => (
    <li
      key={row.key}
      id={`${id}-${index}`}
      role="option"
      aria-selected={index === current}
      className={index === current ? 'palette-option palette-option-selected' : 'palette-option'}
      onMouseMove={() => index !== current && setSelected(index)}
      onClick={(event) => run(row, event.altKey)}
    >
      {content}
    </li>
  );

  let index = 0;
  const matchedWords = answer?.words ?? [];
  const searchError = search.error && search.error.code !== 'cancelled' ? search.error : null;

  return (
    <div className="modal-backdrop" onMouseDown={() => close({ restoreFocus: true })}>
      <div className="palette" role="dialog" aria-modal="true" aria-label={t('palette.label')} onMouseDown={(event) => event.stopPropagation()} onKeyDown={onKeyDown}>
        <input
          ref={input}
          className="palette-input"
          role="combobox"
          aria-expanded="true"
          aria-controls={`${id}-list`}
          aria-activedescendant={rows.length > 0 ? `${id}-${current}` : undefined}
          aria-label={t('palette.input')}
          placeholder={t('palette.placeholder')}
          spellCheck={false}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setSelected(0);
          }}
        />
        <ul ref={list} id={`${id}-list`} role="listbox" aria-label={t('palette.results')} className="palette-list" data-answer-for={answer?.text ?? ''}>
          {(answer?.direct ?? []).map((direct) =>
            option(rows[index]!, index++, (
              <>
                <span className="palette-title">{t(`palette.direct.${direct.kind}`, { label: direct.label })}</span>
                {direct.profileName && <span className="palette-profile">{direct.profileName}</span>}
              </>
            )),
          )}
          {rows.some((row) => row.type === 'command') && (
            <li role="presentation" className="palette-group">
              {typing ? t('palette.actions') : recent?.length ? t('palette.recentFirst') : t('palette.actions')}
            </li>
          )}
          {rows
            .filter((row): row is Extract<Row, { type: 'command' }> => row.type === 'command')
            .map((row) =>
              option(row, index++, (
                <>
                  <span className="palette-title">{row.command.title}</span>
                  {row.command.shortcut && <kbd className="palette-shortcut">{row.command.shortcut}</kbd>}
                </>
              )),
            )}
          {(answer?.groups ?? []).map((group) => (
            <li key={group.kind} role="presentation" className="palette-section">
              <div className="palette-group" role="presentation">
                {t(`palette.kinds.${group.kind}`)}
                <span className="palette-count">{group.more ? t('palette.countMore', { count: group.count }) : format.number(group.count)}</span>
              </div>
              <ul role="group" aria-label={t(`palette.kinds.${group.kind}`)} className="palette-sublist">
                {group.hits.map((hit) =>
                  option(rows[index]!, index++, (
                    <>
                      <span className="palette-title">
                        <bdi>
                          <Highlighted text={hit.title} words={matchedWords} />
                        </bdi>
                      </span>
                      <span className="palette-badges">
                        {hit.matched && <span className={`palette-matched palette-matched-${hit.matched}`} title={t(`palette.matchedHint.${hit.matched}`)}>{t(`palette.matched.${hit.matched}`)}</span>}
                        {hit.profileName && <HitProfile profileId={hit.profileId} name={hit.profileName} />}
                      </span>
                      {(hit.detail || hit.alertFacts) && (
                        <span className="palette-detail">
                          {hit.alertFacts && <AlertFactsWords facts={hit.alertFacts} />}
                          {hit.detail && (
                            <bdi>
                              <Highlighted text={hit.detail} words={matchedWords} />
                            </bdi>
                          )}
                        </span>
                      )}
                    </>
                  )),
                )}
              </ul>
            </li>
          ))}
          {typing && answer && rows.length === 0 && <li className="palette-empty">{t('palette.nothing', { text: text.trim() })}</li>}
          {typing && !answer && search.isFetching && <li className="palette-empty">{t('palette.searching')}</li>}
        </ul>
        {searchError && <ErrorNotice error={searchError} title={t('palette.failed')} />}
        {typing && answer && (
          <p className="palette-searched muted" role="status">
            {answer.searched === 'hybrid' ? t('palette.searchedHybrid') : answer.wordsOnlyBecause ? t(`palette.wordsOnly.${answer.wordsOnlyBecause}`) : null}
          </p>
        )}
        <p className="palette-keys muted">{t('palette.keys')}</p>
      </div>
    </div>
  );
}

/** The connection a hit comes from, with its one state when it is not connected: what the palette lists is the cache's, not the back end's now. */
function HitProfile({ profileId, name }: { profileId: string | null; name: string }) {
  const { t } = useTranslation();
  const connection = useConnectionState(profileId ?? '');
  const state = profileId !== null && (connection.kind === 'offline' || connection.kind === 'degraded' || connection.kind === 'refused') ? connection.kind : null;
  return (
    <span className={state ? `palette-profile palette-profile-${state}` : 'palette-profile'} title={t('palette.fromProfile', { name })}>
      {state ? t('palette.profileState', { name, state: t(`connection.short.${state}`) }) : name}
    </span>
  );
}

/** An alert hit's severity and category in words, before its addresses. */
function AlertFactsWords({ facts }: { facts: NonNullable<SearchHit['alertFacts']> }) {
  const { t } = useTranslation();
  const words = useAlertCodeWords();
  const named = [facts.severity && severityWords(facts.severity, t), facts.category && words.category(facts.category)].filter(Boolean);
  return named.length > 0 ? <>{named.join(' · ')} · </> : null;
}
