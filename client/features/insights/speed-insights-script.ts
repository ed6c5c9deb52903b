import { isSampledIn, isTrackingAllowed, readRoute, readScriptOptions } from './page.ts';

// Imports web-vitals only for loads that report, after `load`, so it is never on the critical path; its `buffered: true` still sees earlier metrics.
const script = document.currentScript;
const options = readScriptOptions(script);
if (options && script instanceof HTMLScriptElement && isTrackingAllowed() && isSampledIn(options.sampleRate)) {
  const page = { route: readRoute(), path: window.location.pathname };
  const moduleUrl = new URL('vitals.js', script.src).href;
  const start = () => {
    (import(/* @vite-ignore */ moduleUrl) as Promise<typeof import('./speed-insights.ts')>).then(
      (module) => module.startSpeedInsights({ ...options, sampleRate: 1, page }),
      () => undefined, // blocked or offline: no vitals for this load, nothing else breaks
    );
  };
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
}
