import './model-viewer.css';

export { ModelViewer, VIEWER_FRAME_EVENT } from './model-viewer.tsx';
export { useVariantSelection, VariantPicker } from './variant-picker.tsx';
