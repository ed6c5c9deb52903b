/** Mirrored to `data-state` on the figure, for e2e tests and styling. */
type ViewerState = 'idle' | 'loading' | 'ready' | 'error' | 'no-webgl';

type ViewerProblem = 'load-failed' | 'crashed' | 'context-lost' | 'context-unrecoverable';

/** Mirrored to `data-phase`. After the download: parsing and decoding, then shader compilation. */
export type LoadPhase = 'downloading' | 'decoding' | 'preparing';

/** A model that shows, but not as its file intends. */
export type ViewerNotice = 'missing-textures';

export type LoadStep = { phase: 'decoding' } | { phase: 'preparing'; missingImages: number };

/** What the 3D chunk tells the shell, each about one src. */
export interface LoadEvents {
  onProgress: (src: string, loaded: number, total: number) => void;
  onLoadStep: (src: string, step: LoadStep) => void;
  onFirstFrame: (src: string) => void;
  onLoadError: (src: string, error: unknown) => void;
}

export interface ViewerStatus {
  state: ViewerState;
  /** Events about another src are stale and ignored. */
  src: string;
  /** 0..1, or null while the size is unknown. */
  progress: number | null;
  phase: LoadPhase | null;
  problem: ViewerProblem | null;
  notice: ViewerNotice | null;
  /** Bumped by Retry: remounts the 3D tree and starts a fresh download. */
  attempt: number;
}

export type ViewerAction =
  | { type: 'activate' }
  | { type: 'no-webgl' }
  | { type: 'progress'; src: string; loaded: number; total: number }
  | { type: 'load-step'; src: string; step: LoadStep }
  | { type: 'ready'; src: string }
  | { type: 'dismiss-notice' }
  | { type: 'failed'; problem: 'load-failed' | 'crashed' }
  | { type: 'context-lost' }
  | { type: 'context-unrecoverable' }
  | { type: 'retry' }
  | { type: 'source-changed'; src: string };

export function createViewerStatus(src: string): ViewerStatus {
  return { state: 'idle', src, progress: null, phase: null, problem: null, notice: null, attempt: 0 };
}

const loading = (status: ViewerStatus): ViewerStatus => ({ ...status, state: 'loading', progress: 0, phase: 'downloading', problem: null, notice: null });
function applyLoadStep(status: ViewerStatus, src: string, step: LoadStep): ViewerStatus {
  if (status.state !== 'loading' || src !== status.src || status.phase === null) return status;
  // Phases only move forward (a second viewer of a cached file skips decoding).
  if (status.phase === 'preparing' || (step.phase === 'decoding' && status.phase === 'decoding')) return status;
  if (step.phase === 'decoding') return { ...status, phase: 'decoding' };
  return { ...status, phase: 'preparing', notice: step.missingImages > 0 ? 'missing-textures' : null };
}

export function viewerReducer(status: ViewerStatus, action: ViewerAction): ViewerStatus {
  switch (action.type) {
    case 'activate':
      return status.state === 'idle' ? loading(status) : status;
    case 'no-webgl':
      return { ...status, state: 'no-webgl', progress: null, phase: null, problem: null, notice: null };
    case 'progress':
      if (status.state !== 'loading' || action.src !== status.src) return status;
      return { ...status, progress: action.total > 0 ? Math.min(action.loaded / action.total, 1) : null };
    case 'load-step':
      return applyLoadStep(status, action.src, action.step);
    case 'ready': {
      const canBecomeReady = status.state === 'loading' || status.problem === 'context-lost';
      if (!canBecomeReady || action.src !== status.src) return status;
      return { ...status, state: 'ready', progress: 1, phase: null, problem: null };
    }
    case 'dismiss-notice':
      return status.notice === null ? status : { ...status, notice: null };
    case 'failed':
      if (status.state === 'idle' || status.state === 'no-webgl') return status;
      return { ...status, state: 'error', progress: null, phase: null, problem: action.problem, notice: null };
    case 'context-lost':
      if (status.state !== 'ready' && status.state !== 'loading') return status;
      return { ...status, state: 'error', progress: null, phase: null, problem: 'context-lost' };
    case 'context-unrecoverable':
      return status.problem === 'context-lost' ? { ...status, problem: 'context-unrecoverable' } : status;
    case 'retry':
      return status.state === 'error' ? { ...loading(status), attempt: status.attempt + 1 } : status;
    case 'source-changed': {
      if (action.src === status.src) return status;
      const next = { ...status, src: action.src, notice: null };
      return status.state === 'idle' || status.state === 'no-webgl' ? next : loading(next);
    }
  }
}

export type StatusMessageKind = ViewerProblem | 'no-webgl';

export function getStatusMessage(status: ViewerStatus): { kind: StatusMessageKind; canRetry: boolean } | null {
  if (status.state === 'no-webgl') return { kind: 'no-webgl', canRetry: false };
  // A lost context may come back by itself: no Retry until it did not.
  return status.problem ? { kind: status.problem, canRetry: status.problem !== 'context-lost' } : null;
}
