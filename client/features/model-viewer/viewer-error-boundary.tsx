import { Component } from 'react';

import type { ReactNode } from 'react';

/** A failing 3D tree (chunk, renderer, model) renders nothing, so the shell keeps the poster with Retry; reset by changing its `key`. */
export class ViewerErrorBoundary extends Component<{ children: ReactNode; onError: (error: unknown) => void }, { hasFailed: boolean }> {
  override state = { hasFailed: false };

  static getDerivedStateFromError(): { hasFailed: boolean } {
    return { hasFailed: true };
  }

  override componentDidCatch(error: unknown): void {
    this.props.onError(error);
  }

  override render(): ReactNode {
    return this.state.hasFailed ? null : this.props.children;
  }
}
