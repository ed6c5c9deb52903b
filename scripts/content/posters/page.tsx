import { createRoot } from 'react-dom/client';

import { ModelViewer } from '#client/features/model-viewer/index.ts';

import type { ModelVariant } from '#shared/content/types.ts';

/** The app's viewer alone, for render-posters.ts: `?src=/models/…glb&camera=azimuth,polar&files={name: url}&variants=[…]&variant=id`. */
const params = new URLSearchParams(window.location.search);
const [azimuthDeg = 30, polarDeg = 65] = (params.get('camera') ?? '').split(',').map(Number);
const files = JSON.parse(params.get('files') ?? '{}') as Record<string, string>;
const variants = JSON.parse(params.get('variants') ?? '[]') as ModelVariant[];
const source = { src: params.get('src') ?? '', alt: 'Poster', autoRotate: false, camera: { azimuthDeg, polarDeg }, files, variants };
const root = document.getElementById('root');
if (root) createRoot(root).render(<ModelViewer source={source} variant={params.get('variant') ?? undefined} locale="en-US" eager />);
