import { FURNITURE_MODELS } from './furniture.ts';
import { LIGHTING_AND_OBJECT_MODELS } from './lighting-objects.ts';

import type { ModelData } from '../types.ts';

export const MODELS: ModelData[] = [...FURNITURE_MODELS, ...LIGHTING_AND_OBJECT_MODELS];
