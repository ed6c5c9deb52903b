import './model-viewer.css';

export { CONTEXT_RESTORE_TIMEOUT_MS, ModelViewer, VIEWER_FRAME_EVENT } from './model-viewer.tsx';

export type { ModelViewerProps } from './model-viewer.tsx';
export type { ViewerState } from './viewer-status.ts';
