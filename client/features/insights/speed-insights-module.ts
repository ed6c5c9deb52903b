import { startSpeedInsights } from './speed-insights.ts';

// Entry of `<base>/speed-insights/vitals.js`: an ES module the speed-insights script imports after `load`.
export { startSpeedInsights };

export interface SpeedInsightsModule {
  startSpeedInsights: typeof startSpeedInsights;
}
