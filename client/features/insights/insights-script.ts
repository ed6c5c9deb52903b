import { readScriptOptions } from './page.ts';
import { startPageViews } from './page-views.ts';

// Entry of `<base>/insights/script.js`, bundled on its own (server/insights/scripts.ts).
const options = readScriptOptions(document.currentScript);
if (options) startPageViews(options);
