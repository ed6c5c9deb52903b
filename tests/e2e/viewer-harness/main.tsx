import { StrictMode, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';

import { ModelViewer } from '#client/features/model-viewer/index.ts';

import type { Locale, ViewerSource } from '#shared/content/types.ts';

/**
 * A page with nothing but the viewer, driven by the query string, for the
 * headless checks in run.ts: `?src=/models/box.glb&eager=1&camera=30,65&autoRotate=1&spacer=1&locale=de-DE`.
 * `window.__harness` lets the script switch models and mount/unmount the viewer.
 */

declare global {
  interface Window {
    __harness?: { setSrc: (src: string) => void; setMounted: (isMounted: boolean) => void };
  }
}

const params = new URLSearchParams(window.location.search);
const locale: Locale = params.get('locale') === 'de-DE' ? 'de-DE' : 'en-US';

function getInitialSource(): ViewerSource {
  const [azimuthDeg, polarDeg] = (params.get('camera') ?? '').split(',').map(Number);
  return {
    src: params.get('src') ?? '/models/box.glb',
    alt: params.get('alt') ?? 'Test model',
    autoRotate: params.get('autoRotate') === '1',
    camera: azimuthDeg !== undefined && polarDeg !== undefined && !Number.isNaN(polarDeg) ? { azimuthDeg, polarDeg } : undefined,
  };
}

function Harness() {
  const [source, setSource] = useState(getInitialSource);
  const [isMounted, setMounted] = useState(true);

  useEffect(() => {
    window.__harness = { setSrc: (src) => setSource((current) => ({ ...current, src })), setMounted };
  }, []);

  return (
    <main>
      {params.get('spacer') === '1' && <div style={{ height: 3000 }} />}
      {isMounted && <ModelViewer source={source} locale={locale} eager={params.get('eager') === '1'} />}
    </main>
  );
}

const root = document.getElementById('root');
if (!root) throw new Error('#root missing');
createRoot(root).render(
  <StrictMode>
    <Harness />
  </StrictMode>,
);
