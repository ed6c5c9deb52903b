import { isTrackingAllowed } from './consent.ts';
import { readRoute } from './page-context.ts';
import { isSampledIn, readScriptOptions } from './script-options.ts';

import type { SpeedInsightsModule } from './speed-insights-module.ts';

// Entry of `<base>/speed-insights/script.js`, bundled on its own (server/services/insights/script-bundle.ts).
// A small loader: it decides (Do-Not-Track, Global Privacy Control, sampling) and, only for loads
// that report, imports `<base>/speed-insights/vitals.js` (web-vitals and the reporter) after the
// `load` event, so web-vitals is never on the page's critical path. web-vitals observes with
// `buffered: true`, so metrics from before it loaded are still reported (docs/decisions/006-insights.md).
const script = document.currentScript;
const options = readScriptOptions(script);
if (options && script instanceof HTMLScriptElement && isTrackingAllowed() && isSampledIn(options.sampleRate)) {
  const page = { route: readRoute(), path: window.location.pathname };
  const moduleUrl = new URL('vitals.js', script.src).href;
  const start = () => {
    (import(/* @vite-ignore */ moduleUrl) as Promise<SpeedInsightsModule>).then(
      (module) => module.startSpeedInsights({ ...options, sampleRate: 1, page }),
      () => undefined, // blocked or offline: no vitals for this load, nothing else breaks
    );
  };
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
}
