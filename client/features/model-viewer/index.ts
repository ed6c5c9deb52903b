import './model-viewer.css';

export { HotspotList, useHotspotControl } from './hotspot-list.tsx';
export { ModelViewer, VIEWER_FRAME_EVENT } from './model-viewer.tsx';
export { useVariantSelection, VariantPicker } from './variant-picker.tsx';
