import { readScriptOptions } from './page.ts';
import { startPageViews } from './page-views.ts';

const options = readScriptOptions(document.currentScript);
if (options) startPageViews(options);
