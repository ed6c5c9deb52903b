import { createCarversMallet } from './carvers-mallet.ts';
import { createHaloPendant } from './halo-pendant.ts';
import { createKerfDiningTable } from './kerf-dining-table.ts';
import { createLadderShelf } from './ladder-shelf.ts';
import { createOstraLoungeChair } from './ostra-lounge-chair.ts';
import { createPivotDeskLamp } from './pivot-desk-lamp.ts';
import { createTideVase } from './tide-vase.ts';
import { createTripodStool } from './tripod-stool.ts';
import { createTurnedWalnutBowl } from './turned-walnut-bowl.ts';

import type { ProductSpec } from '../scene.ts';

export const PRODUCTS: Record<string, () => ProductSpec> = {
  'ostra-lounge-chair': createOstraLoungeChair,
  'kerf-dining-table': createKerfDiningTable,
  'pivot-desk-lamp': createPivotDeskLamp,
  'halo-pendant': createHaloPendant,
  'tide-vase': createTideVase,
  'tripod-stool': createTripodStool,
  'turned-walnut-bowl': createTurnedWalnutBowl,
  'ladder-shelf': createLadderShelf,
  'carvers-mallet': createCarversMallet,
};
