import { ERROR_BOUNDARY_MAX_RETRIES } from '@vereinsheim/contracts/constants';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { canRetry, newErrorId } from './error-boundary.ts';
import { ErrorScreen } from './screens/ErrorScreen.tsx';

interface State {
  error: Error | null;
  errorId: string;
  errorAt: number;
  retries: number;
}

/** Catches render errors and shows the error screen; retry clears the error (at most 3 times, not within 2 s). */
export class ErrorBoundary extends Component<{ children: ReactNode; supportMail?: string }, State> {
  override state: State = { error: null, errorId: '', errorAt: 0, retries: 0 };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return {
      error: error instanceof Error ? error : new Error(String(error)),
      errorId: newErrorId(),
      errorAt: Date.now(),
    };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(this.state.errorId || 'err', error, info.componentStack);
  }

  private readonly retry = (): boolean => {
    const { retries, errorAt } = this.state;
    if (!canRetry(retries, errorAt, Date.now())) return false;
    this.setState({ error: null, retries: retries + 1 });
    return true;
  };

  override render() {
    const { error, errorId, errorAt, retries } = this.state;
    if (!error) return this.props.children;
    return (
      <ErrorScreen
        errorId={errorId}
        message={error.message}
        errorAt={errorAt}
        retriesLeft={ERROR_BOUNDARY_MAX_RETRIES - retries}
        onRetry={this.retry}
        supportMail={this.props.supportMail}
      />
    );
  }
}
