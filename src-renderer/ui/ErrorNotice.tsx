import { useTranslation } from 'react-i18next';
import type { IpcError } from '../../src-shared/contract/define.ts';
import { useErrorText } from '../language/use-error-text.ts';
import { useExplainedAbove } from './connection-above.ts';

interface Props {
  error: IpcError;
  title?: string;
  /** A read from the view's back end: failed as the connection did, it leaves the why to the banner above. */
  read?: boolean;
}

/** A failure as the user should see it: what happened, what to do, and what support will ask for. */
export function ErrorNotice({ error, title, read = false }: Props) {
  const { t } = useTranslation();
  const { message, hint } = useErrorText(error);
  const explainedAbove = useExplainedAbove(error);
  if (read && explainedAbove) {
    return (
      <div className="notice notice-error" role="alert">
        {title && <strong>{title}</strong>} <span className="notice-message">{t('connection.explainedAbove')}</span>
      </div>
    );
  }
  return (
    <div className="notice notice-error" role="alert">
      {title && <strong>{title}</strong>}
      <p className="notice-message">{message}</p>
      {hint && <p className="notice-hint">{hint}</p>}
      {(error.status !== undefined || error.requestId) && (
        <p className="notice-meta">
          {error.status !== undefined && <span>{t('errorNotice.status', { status: error.status })}</span>}
          {error.code && <span>{error.code}</span>}
          {error.requestId && <span>{t('errorNotice.request', { id: error.requestId })}</span>}
        </p>
      )}
    </div>
  );
}
