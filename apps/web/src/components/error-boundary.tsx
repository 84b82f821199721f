import { Component, type ReactNode } from 'react';

type Props = { fallback: (error: Error, reset: () => void) => ReactNode; children: ReactNode };

/** Catches a render error below it (a failed chunk, a page bug) so the rest of the portal stays usable. */
export class ErrorBoundary extends Component<Props, { error: Error | null }> {
  override state: { error: Error | null } = { error: null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override componentDidCatch(error: Error) {
    console.warn('page failed', error);
  }

  reset = () => this.setState({ error: null });

  override render() {
    return this.state.error ? this.props.fallback(this.state.error, this.reset) : this.props.children;
  }
}
