import { Component } from 'react';
import type { ErrorInfo, ReactNode } from 'react';
import { useQueryErrorResetBoundary } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';

interface Props {
  viewTitle: string;
  children: ReactNode;
}

interface State {
  error: Error | null;
  attempt: number;
}

/** One per tab: a view that throws shows what happened and a reload button; other tabs carry on. */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, attempt: 0 };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error(`The ${this.props.viewTitle} view failed`, error, info.componentStack);
  }

  override render() {
    const { error, attempt } = this.state;
    if (error) {
      return <ViewFailed viewTitle={this.props.viewTitle} error={error} reload={() => this.setState({ error: null, attempt: attempt + 1 })} />;
    }
    return <div key={attempt} className="view-root">{this.props.children}</div>;
  }
}

function ViewFailed({ viewTitle, error, reload }: { viewTitle: string; error: Error; reload(): void }) {
  const { t } = useTranslation();
  // A query that threw here is asked again when the view reloads, not answered with its error.
  const queries = useQueryErrorResetBoundary();
  return (
    <div className="error-panel" role="alert">
      <h2>{t('viewError.heading', { view: viewTitle })}</h2>
      {/* A crash is not an IpcError: its own words are what support needs to find it. */}
      <p className="error-message">{error.message || t('viewError.unexpected')}</p>
      <p>{t('viewError.othersUnaffected')}</p>
      <button
        type="button"
        className="button-primary"
        onClick={() => {
          queries.reset();
          reload();
        }}
      >
        {t('viewError.reload')}
      </button>
    </div>
  );
}
