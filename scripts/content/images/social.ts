import { renderPoster } from './posters.ts';

import type { ProductSpec } from '../gltf/scene.ts';

/** The Open Graph image (1200 × 630): three pieces side by side in one studio shot. */
export async function renderSocialImage(products: { product: ProductSpec; at: [number, number, number] }[]): Promise<Buffer> {
  const group: ProductSpec = {
    slug: 'vitrine-group',
    title: 'Vitrine',
    materials: Object.assign({}, ...products.map(({ product }) => product.materials)),
    root: { name: 'Group', parts: [], children: products.map(({ product, at }) => ({ ...product.root, translation: at })) },
  };
  return renderPoster(group, { azimuthDeg: 18, polarDeg: 72, background: ['#f2ece4', '#d6cabb'], fill: 0.7 }, 1200, 630);
}
