import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { supportCalls, useCursorPages } from '../support-data.ts';
import { supportKeys } from '../../../data/query-keys.ts';
import type { ChatLogEntry } from '../../../../src-shared/contract/support.ts';
import { Time } from '../../../ui/Time.tsx';
import { ScopeMissing } from '../access/ScopeGate.tsx';
import { useSupportAccess } from '../access/use-support-access.ts';
import { CursorListFilter, CursorListView } from '../CursorListView.tsx';
import type { SupportSectionProps } from '../section.ts';
import { groupBySession } from './group-by-session.ts';
import type { SessionLog } from './group-by-session.ts';
import { visibleText } from '../../../../src-shared/visible-text.ts';

const pageSize = 100;
const knownRoles = ['visitor', 'robot', 'agent'] as const;
const isKnownRole = (role: string): role is (typeof knownRoles)[number] => (knownRoles as readonly string[]).includes(role);

/** The site's chat logs, one card per session, newest activity first. */
export function ChatLogsSection({ profile }: SupportSectionProps) {
  const { t } = useTranslation();
  const readable = useSupportAccess(profile.id).allows('logs.read');
  const [typed, setTyped] = useState('');
  const [session, setSession] = useState('');
  const list = useCursorPages<ChatLogEntry>(
    supportKeys.remote(profile.id, 'chatLogs', session),
    (cursor) => supportCalls(profile.id).chatLogs({ limit: pageSize, ...(session && { sessionId: session }), ...(cursor !== undefined && { cursor }) }),
    readable !== false,
  );
  const sessions = useMemo(() => groupBySession(list.items), [list.items]);
  const only = (sessionId: string) => {
    setTyped(sessionId);
    setSession(sessionId);
  };

  return (
    <section className="support-stack" aria-label={t('supportDesk.sections.chatLogs')}>
      {readable === false ? (
        <ScopeMissing scope="logs.read" />
      ) : (
        <>
          <CursorListFilter label={t('supportDesk.chatLogs.sessionFilter')} value={typed} onChange={setTyped} onApply={setSession}>
            {session && (
              <button type="button" className="button" onClick={() => only('')}>
                {t('supportDesk.chatLogs.allSessions')}
              </button>
            )}
          </CursorListFilter>
          <CursorListView
            list={list}
            failedTitle={t('supportDesk.chatLogs.failed')}
            empty={session ? t('supportDesk.chatLogs.noneForSession', { session }) : t('supportDesk.chatLogs.empty')}
          >
            {sessions.map((log) => (
              <SessionCard key={log.sessionId ?? ''} log={log} onOnly={session ? undefined : only} />
            ))}
          </CursorListView>
        </>
      )}
    </section>
  );
}

function SessionCard({ log, onOnly }: { log: SessionLog; onOnly: ((sessionId: string) => void) | undefined }) {
  const { t } = useTranslation();
  const { sessionId } = log;
  const title = sessionId === null ? t('supportDesk.chatLogs.noSession') : t('supportDesk.chatLogs.session', { id: sessionId });
  return (
    <section className="card" aria-label={title}>
      <div className="section-header">
        <h2>{title}</h2>
        <span className="muted">
          {t('supportDesk.chatLogs.lines', { count: log.lines.length })}
          {log.latestAt !== null && (
            <>
              {' · '}
              <Time value={log.latestAt} />
            </>
          )}
        </span>
        {onOnly && sessionId !== null && (
          <button type="button" className="button" onClick={() => onOnly(sessionId)}>
            {t('supportDesk.chatLogs.onlyThis')}
          </button>
        )}
      </div>
      <ol className="support-log">
        {log.lines.map((line) => (
          <li key={line.id} className={line.role === 'visitor' ? 'support-log-line support-log-visitor' : 'support-log-line'}>
            <span className="support-speaker">
              {line.role === null ? t('supportDesk.chatLogs.unknownRole') : isKnownRole(line.role) ? t(`supportDesk.chatLogs.roles.${line.role}`) : line.role}
            </span>
            {line.createdAt !== null && (
              <span className="muted">
                <Time value={line.createdAt} />
              </span>
            )}
            <p className="support-answer">{visibleText(line.text)}</p>
          </li>
        ))}
      </ol>
    </section>
  );
}
