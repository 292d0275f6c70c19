import { Component } from 'react';
import type { ErrorInfo, ReactNode } from 'react';
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
      return <ViewFailed viewTitle={this.props.viewTitle} reload={() => this.setState({ error: null, attempt: attempt + 1 })} />;
    }
    return <div key={attempt} className="view-root">{this.props.children}</div>;
  }
}

/** A crash's own message is a developer's English and goes to the log; the user reads what to do. */
function ViewFailed({ viewTitle, reload }: { viewTitle: string; reload(): void }) {
  const { t } = useTranslation();
  return (
    <div className="error-panel" role="alert">
      <h2>{t('viewError.heading', { view: viewTitle })}</h2>
      <p className="error-message">{t('viewError.unexpected')}</p>
      <p>{t('viewError.othersUnaffected')}</p>
      <button type="button" className="button-primary" onClick={reload}>
        {t('viewError.reload')}
      </button>
    </div>
  );
}
