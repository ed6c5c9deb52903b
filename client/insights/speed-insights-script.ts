import { startSpeedInsights } from './speed-insights.ts';
import { readScriptOptions } from './script-options.ts';

// Entry of `<base>/speed-insights/script.js`, bundled on its own (server/services/insights/script-bundle.ts).
const options = readScriptOptions(document.currentScript);
if (options) startSpeedInsights(options);
