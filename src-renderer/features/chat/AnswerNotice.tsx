import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChatMessage } from '../../../src-shared/contract/gateway.ts';
import type { ProfileView } from '../../../src-shared/contract/profiles.ts';
import { ErrorNotice } from '../../ui/ErrorNotice.tsx';
import { useWorkspaceStore } from '../../navigation/workspace-store.ts';
import { useModels } from './chat-data.ts';
import { useChatStore } from './chat-store.ts';

/** Seconds left of a Retry-After, counting down from when this window learnt of it. */
function useSecondsLeft(messageId: string, waitSeconds: number | undefined): number {
  const endedAt = useChatStore((state) => state.endedAt[messageId]);
  const [now, setNow] = useState(() => Date.now());
  const elapsedMs = Math.max(0, now - (endedAt ?? now));
  const left = waitSeconds === undefined ? 0 : Math.max(0, Math.ceil(waitSeconds - elapsedMs / 1000));
  useEffect(() => {
    if (left <= 0) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [left]);
  return left;
}

/** How much of a cut answer's end is quoted to say where it stopped. */
const quotedWords = 8;
const quotedChars = 80;

/** Where a cut answer stopped, as a line right under the last text that arrived: how much came, and its last words. */
function CutHere({ content }: { content: string }) {
  const { t } = useTranslation();
  const tail = content.trimEnd().split(/\s+/).slice(-quotedWords).join(' ').slice(-quotedChars);
  return (
    <p className="chat-cut-here" role="note">
      {t('chat.answer.cutHere', { count: content.length, tail })}
    </p>
  );
}

const noticedOutcomes: readonly (ChatMessage['outcome'] | undefined)[] = ['failed', 'no_finish_reason', 'empty', 'interrupted', 'length', 'stopped'];

/** Whether an answer ended in a way `AnswerNotice` speaks of: most did not, and their rows skip its hooks. */
export const hasNotice = (message: ChatMessage): boolean => noticedOutcomes.includes(message.outcome);

/** What went wrong with an answer, said plainly under the text that did arrive, with what to do next. */
export function AnswerNotice({ message, profile, onRetry }: { message: ChatMessage; profile: ProfileView | undefined; onRetry(): void }) {
  const { t } = useTranslation();
  const navigate = useWorkspaceStore((state) => state.navigate);
  const models = useModels(profile?.id ?? null);
  const waitSeconds = typeof message.error?.params?.['waitSeconds'] === 'number' ? message.error.params['waitSeconds'] : undefined;
  const secondsLeft = useSecondsLeft(message.id, waitSeconds);
  const retry = (
    <button type="button" className="button" onClick={onRetry} disabled={secondsLeft > 0}>
      {secondsLeft > 0 ? t('chat.answer.retryIn', { seconds: secondsLeft }) : t('chat.retry')}
    </button>
  );

  switch (message.outcome) {
    case 'failed': {
      const error = message.error;
      if (!error) return null;
      const allowed = (models.data ?? []).filter((model) => model.kinds.includes('chat')).map((model) => model.id);
      return (
        <div className="chat-answer-notice">
          {message.content && <CutHere content={message.content} />}
          <ErrorNotice error={error} title={message.content ? t('chat.answer.failedPartWay') : t('chat.answer.failed')} />
          {error.code === 'model_not_permitted' && (
            <p role="note">{t('chat.answer.modelRefused', { model: message.model ?? '', allowed: allowed.join(', ') || t('chat.answer.noModelsAllowed') })}</p>
          )}
          {error.code === 'rate_limited' && profile?.service === 'gateway' && (
            <p role="note">{t('chat.answer.budget', { limit: (profile.settings as { rateTier: number }).rateTier })}</p>
          )}
          <div className="chat-answer-actions">
            {(error.code === 'unauthorized' || error.code === 'missing_key') && (
              <button type="button" className="button" onClick={() => navigate({ kind: 'settings', params: { section: 'gateway' } })}>
                {t('chat.answer.openSettings')}
              </button>
            )}
            {retry}
          </div>
        </div>
      );
    }
    case 'no_finish_reason':
    case 'empty':
    case 'interrupted':
      return (
        <div className="notice notice-warning chat-answer-notice" role="alert">
          {message.content && <CutHere content={message.content} />}
          <p>{t(`chat.answer.${message.outcome}`)}</p>
          {retry}
        </div>
      );
    case 'length':
    case 'stopped':
      return <p className="muted chat-answer-ending">{t(`chat.answer.${message.outcome}`)}</p>;
    default:
      return null;
  }
}
