import { isSampledIn, isTrackingAllowed, readRoute, readScriptOptions } from './page.ts';

// Entry of `<base>/speed-insights/script.js`, bundled on its own (server/insights/scripts.ts): a small loader that decides
// (DNT, GPC, sampling) and, only for loads that report, imports `vitals.js` (web-vitals and the reporter) after `load`,
// so web-vitals is never on the critical path. It observes with `buffered: true`, so earlier metrics still count (ADR 006).
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
