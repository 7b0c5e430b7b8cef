/**
 * Error boundary around every island: a failing island reports the error and
 * shows a short fallback instead of taking the page's other islands down.
 * It renders no element of its own, so server and client markup stay equal.
 */
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { reportError } from '../lib/error-reporting.ts';
import { REQUEST } from '../lib/messages.ts';

interface BoundaryState {
  failed: boolean;
}

export class IslandBoundary extends Component<{ children: ReactNode }, BoundaryState> {
  override state: BoundaryState = { failed: false };

  static getDerivedStateFromError(): BoundaryState {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    const reported = new Error(error.message);
    reported.stack = `${error.stack ?? ''}\n${info.componentStack ?? ''}`;
    reportError(reported);
  }

  override render(): ReactNode {
    if (this.state.failed) return <p className="island-error" role="alert">{REQUEST.somethingWentWrong}</p>;
    return this.props.children;
  }
}
