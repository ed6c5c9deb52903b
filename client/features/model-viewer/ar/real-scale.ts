import { METRES_PER_UNIT } from '#shared/content/types.ts';

import type { Dimensions, Vec3 } from '#shared/content/types.ts';

/** Beyond these a scale is a data error (a model authored in km, dimensions typed in the wrong unit): the file's metres win. */
const MIN_SCALE = 1e-4;
const MAX_SCALE = 1e4;

/**
 * glTF is in metres, so without `dimensions` it is 1. Extents are compared largest to largest (an entry's width and depth may
 * name the other horizontal axis), and the median of the ratios wins, so one mistyped or flat dimension cannot distort it.
 */
export function getRealScale(size: Vec3, dimensions?: Dimensions): number {
  if (!dimensions) return 1;
  const model = [size.x, size.y, size.z].sort((a, b) => b - a);
  const metres = METRES_PER_UNIT[dimensions.unit];
  const entry = [dimensions.width, dimensions.height, dimensions.depth].map((value) => value * metres).sort((a, b) => b - a);
  const ratios = entry
    .map((value, index) => value / (model[index] ?? 0))
    .filter((ratio) => Number.isFinite(ratio) && ratio > 0)
    .sort((a, b) => a - b);
  if (ratios.length === 0) return 1;
  const middle = Math.floor(ratios.length / 2);
  const median = ratios.length % 2 === 1 ? (ratios[middle] as number) : Math.sqrt((ratios[middle - 1] as number) * (ratios[middle] as number));
  return median >= MIN_SCALE && median <= MAX_SCALE ? median : 1;
}
