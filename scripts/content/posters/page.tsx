import { createRoot } from 'react-dom/client';

import { ModelViewer } from '#client/features/model-viewer/index.ts';

/** The app's viewer alone, for render-posters.ts: `?src=/models/…glb&camera=azimuth,polar&files={name: url}`. */
const params = new URLSearchParams(window.location.search);
const [azimuthDeg = 30, polarDeg = 65] = (params.get('camera') ?? '').split(',').map(Number);
const files = JSON.parse(params.get('files') ?? '{}') as Record<string, string>;
const source = { src: params.get('src') ?? '', alt: 'Poster', autoRotate: false, camera: { azimuthDeg, polarDeg }, files };
const root = document.getElementById('root');
if (root) createRoot(root).render(<ModelViewer source={source} locale="en-US" eager />);
