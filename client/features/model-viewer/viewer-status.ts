/** The viewer's life cycle as one reducer; `state` is mirrored to `data-state` on the figure for e2e tests and styling. */

export type ViewerState = 'idle' | 'loading' | 'ready' | 'error' | 'no-webgl';

export type ViewerProblem = 'load-failed' | 'crashed' | 'context-lost' | 'context-unrecoverable';

export interface ViewerStatus {
  state: ViewerState;
  /** The `source.src` this status describes; events about another src are stale and ignored. */
  src: string;
  /** Download progress 0..1, or null while the size is unknown. */
  progress: number | null;
  problem: ViewerProblem | null;
  /** Bumped by Retry: remounts the 3D tree and starts a fresh download. */
  attempt: number;
}

export type ViewerAction =
  | { type: 'activate' }
  | { type: 'no-webgl' }
  | { type: 'progress'; src: string; loaded: number; total: number }
  | { type: 'ready'; src: string }
  | { type: 'failed'; problem: 'load-failed' | 'crashed' }
  | { type: 'context-lost' }
  | { type: 'context-unrecoverable' }
  | { type: 'retry' }
  | { type: 'source-changed'; src: string };

export function createViewerStatus(src: string): ViewerStatus {
  return { state: 'idle', src, progress: null, problem: null, attempt: 0 };
}

const loading = (status: ViewerStatus): ViewerStatus => ({ ...status, state: 'loading', progress: 0, problem: null });

export function viewerReducer(status: ViewerStatus, action: ViewerAction): ViewerStatus {
  switch (action.type) {
    case 'activate':
      return status.state === 'idle' ? loading(status) : status;
    case 'no-webgl':
      return { ...status, state: 'no-webgl', progress: null, problem: null };
    case 'progress':
      if (status.state !== 'loading' || action.src !== status.src) return status;
      return { ...status, progress: action.total > 0 ? Math.min(action.loaded / action.total, 1) : null };
    case 'ready': {
      const canBecomeReady = status.state === 'loading' || status.problem === 'context-lost';
      if (!canBecomeReady || action.src !== status.src) return status;
      return { ...status, state: 'ready', progress: 1, problem: null };
    }
    case 'failed':
      if (status.state === 'idle' || status.state === 'no-webgl') return status;
      return { ...status, state: 'error', progress: null, problem: action.problem };
    case 'context-lost':
      if (status.state !== 'ready' && status.state !== 'loading') return status;
      return { ...status, state: 'error', progress: null, problem: 'context-lost' };
    case 'context-unrecoverable':
      return status.problem === 'context-lost' ? { ...status, problem: 'context-unrecoverable' } : status;
    case 'retry':
      return status.state === 'error' ? { ...loading(status), attempt: status.attempt + 1 } : status;
    case 'source-changed': {
      if (action.src === status.src) return status;
      const next = { ...status, src: action.src };
      return status.state === 'idle' || status.state === 'no-webgl' ? next : loading(next);
    }
  }
}

/** What the overlay talks about (its words are in labels.ts). */
export type StatusMessageKind = ViewerProblem | 'no-webgl';

export function getStatusMessage(status: ViewerStatus): { kind: StatusMessageKind; canRetry: boolean } | null {
  if (status.state === 'no-webgl') return { kind: 'no-webgl', canRetry: false };
  switch (status.problem) {
    case 'load-failed':
    case 'crashed':
    case 'context-unrecoverable':
      return { kind: status.problem, canRetry: true };
    case 'context-lost':
      return { kind: 'context-lost', canRetry: false };
    default:
      return null;
  }
}
