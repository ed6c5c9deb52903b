import { BEHIND_THE_VITRINE } from './behind-the-vitrine.ts';
import { DESIGNED_TO_BE_TAKEN_APART } from './designed-to-be-taken-apart.ts';
import { DESK_LAMP_BALANCE } from './desk-lamp-balance.ts';
import { OAK_ASH_WALNUT } from './oak-ash-walnut.ts';
import { RECYCLED_ALUMINIUM } from './recycled-aluminium.ts';
import { RENDERING_LIGHT } from './rendering-light.ts';
import { ROUGHNESS_PRIMER } from './roughness-primer.ts';
import { SCALE_WITHOUT_A_RULER } from './scale-without-a-ruler.ts';
import { SMALLER_FILES } from './smaller-files.ts';
import { SPRING_COLLECTION_PREVIEW } from './spring-collection-preview.ts';
import { TWO_HUNDRED_PHOTOGRAPHS } from './two-hundred-photographs.ts';
import { WHAT_THE_KILN_DECIDES } from './what-the-kiln-decides.ts';
import { WINTER_WEEK } from './winter-week.ts';

import type { ArticleData } from '../types.ts';

/** Twelve published articles (2025–2026) and one draft. */
export const ARTICLES: ArticleData[] = [
  OAK_ASH_WALNUT,
  TWO_HUNDRED_PHOTOGRAPHS,
  RENDERING_LIGHT,
  WHAT_THE_KILN_DECIDES,
  SMALLER_FILES,
  DESIGNED_TO_BE_TAKEN_APART,
  ROUGHNESS_PRIMER,
  DESK_LAMP_BALANCE,
  WINTER_WEEK,
  SCALE_WITHOUT_A_RULER,
  RECYCLED_ALUMINIUM,
  BEHIND_THE_VITRINE,
  SPRING_COLLECTION_PREVIEW,
];
