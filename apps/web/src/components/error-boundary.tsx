import { Component, type ReactNode } from 'react';

type Props = {
  children: ReactNode;
  /** Shown instead of the children once they threw; `retry` renders them again. */
  fallback: (retry: () => void) => ReactNode;
  /** A new value (another page, another station) renders the children again. */
  resetKey?: unknown;
};
type State = { failed: boolean; resetKey: unknown };

/**
 * Catches what its children throw while rendering, so one failing page does not blank the whole
 * app (React logs the error to the console as usual).
 */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { failed: false, resetKey: this.props.resetKey };

  static getDerivedStateFromError(): Partial<State> {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return Object.is(props.resetKey, state.resetKey) ? null : { failed: false, resetKey: props.resetKey };
  }

  private readonly retry = () => this.setState({ failed: false });

  override render(): ReactNode {
    return this.state.failed ? this.props.fallback(this.retry) : this.props.children;
  }
}
