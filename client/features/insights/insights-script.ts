import { startPageViews } from './page-views.ts';
import { readScriptOptions } from './script-options.ts';

// Entry of `<base>/insights/script.js`, bundled on its own (server/services/insights/script-bundle.ts).
const options = readScriptOptions(document.currentScript);
if (options) startPageViews(options);
