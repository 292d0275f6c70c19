import { Component } from 'react';
import type { ErrorInfo, ReactNode } from 'react';

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
      return (
        <div className="error-panel" role="alert">
          <h2>The {this.props.viewTitle} view stopped working</h2>
          <p className="error-message">{error.message || 'An unexpected error occurred.'}</p>
          <p>Other tabs are not affected. Reloading the view tries again; no saved data is lost.</p>
          <button type="button" className="button-primary" onClick={() => this.setState({ error: null, attempt: attempt + 1 })}>
            Reload view
          </button>
        </div>
      );
    }
    return <div key={attempt} className="view-root">{this.props.children}</div>;
  }
}
