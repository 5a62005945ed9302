import { Component, type ErrorInfo, type ReactNode } from 'react';
import { isChunkLoadError } from '@/lib/chunk-load';
import { reportClientError } from '@/lib/errors/report-client-error';

type Props = {
  children: ReactNode;
  /** Shown instead of the children once they threw; `retry` renders them again. */
  fallback: (retry: () => void, error: unknown) => ReactNode;
  /** A new value (another page, another station) renders the children again. */
  resetKey?: unknown;
};
type State = { failed: boolean; error: unknown; resetKey: unknown };

/**
 * Catches what its children throw while rendering, so one failing page, block or chart does not
 * blank the whole app; the error goes to the client error log (React also logs it to the
 * console as usual).
 */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { failed: false, error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { failed: true, error };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return Object.is(props.resetKey, state.resetKey) ? null : { failed: false, error: null, resetKey: props.resetKey };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    reportClientError(isChunkLoadError(error) ? 'chunkLoad' : 'render', error, info.componentStack);
  }

  private readonly retry = () => this.setState({ failed: false, error: null });

  override render(): ReactNode {
    return this.state.failed ? this.props.fallback(this.retry, this.state.error) : this.props.children;
  }
}
