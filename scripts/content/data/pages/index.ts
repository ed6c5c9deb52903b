import { ABOUT } from './about.ts';
import { IMPRINT } from './imprint.ts';
import { PRESS } from './press.ts';
import { PRIVACY } from './privacy.ts';
import { VISIT } from './visit.ts';

import type { PageData } from '../types.ts';

export const PAGES: PageData[] = [ABOUT, VISIT, PRESS, IMPRINT, PRIVACY];
