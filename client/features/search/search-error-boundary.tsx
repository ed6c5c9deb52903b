import { Component } from 'react';

import type { ErrorInfo, ReactNode } from 'react';

interface Props {
  /** What to show instead (the plain search form): a search failure never blanks the page. */
  fallback: ReactNode;
  children: ReactNode;
}

/** Search's own error boundary (STYLE.md section 6): a broken search widget falls back to its plain form. */
export class SearchErrorBoundary extends Component<Props, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('search failed', error, info.componentStack);
  }

  override render(): ReactNode {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
