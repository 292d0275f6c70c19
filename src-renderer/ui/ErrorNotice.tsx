import type { IpcError } from '../../src-preload/contract/define.ts';

/** A failure as the user should see it: what happened, what to do, and what support will ask for. */
export function ErrorNotice({ error, title }: { error: IpcError; title?: string }) {
  return (
    <div className="notice notice-error" role="alert">
      {title && <strong>{title}</strong>}
      <p className="notice-message">{error.message}</p>
      {error.hint && <p className="notice-hint">{error.hint}</p>}
      {(error.status !== undefined || error.requestId) && (
        <p className="notice-meta">
          {error.status !== undefined && <span>HTTP {error.status}</span>}
          {error.code && <span>{error.code}</span>}
          {error.requestId && <span>request {error.requestId}</span>}
        </p>
      )}
    </div>
  );
}
