import { Component } from 'react';

import type { ErrorInfo, ReactNode } from 'react';

interface ViewerErrorBoundaryProps {
  children: ReactNode;
  onError: (error: unknown) => void;
}

interface ViewerErrorBoundaryState {
  hasFailed: boolean;
}

/**
 * Contains any failure of the 3D tree (chunk load, renderer creation, model
 * parse) so it never blanks the page (STYLE.md section 6). It renders nothing
 * once failed: the shell keeps the poster and shows the message and Retry.
 * Reset it by changing its `key`. Works in react-dom and inside the R3F canvas.
 */
export class ViewerErrorBoundary extends Component<ViewerErrorBoundaryProps, ViewerErrorBoundaryState> {
  override state: ViewerErrorBoundaryState = { hasFailed: false };

  static getDerivedStateFromError(): ViewerErrorBoundaryState {
    return { hasFailed: true };
  }

  override componentDidCatch(error: unknown, _info: ErrorInfo): void {
    this.props.onError(error);
  }

  override render(): ReactNode {
    return this.state.hasFailed ? null : this.props.children;
  }
}
