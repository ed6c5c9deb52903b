import { Component } from 'react';

import type { ErrorInfo, ReactNode } from 'react';

/**
 * Contains any failure of the 3D tree (chunk load, renderer creation, model parse) so it never blanks the page:
 * it renders nothing and the shell keeps the poster with a message and Retry. Reset it by changing its `key`.
 */
export class ViewerErrorBoundary extends Component<{ children: ReactNode; onError: (error: unknown) => void }, { hasFailed: boolean }> {
  override state = { hasFailed: false };

  static getDerivedStateFromError(): { hasFailed: boolean } {
    return { hasFailed: true };
  }

  override componentDidCatch(error: unknown, _info: ErrorInfo): void {
    this.props.onError(error);
  }

  override render(): ReactNode {
    return this.state.hasFailed ? null : this.props.children;
  }
}
