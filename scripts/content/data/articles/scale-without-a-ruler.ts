import type { ArticleData } from '../types.ts';

/** The German body and excerpt are missing on purpose: the de-DE page shows the English text (locale fallback). */
export const SCALE_WITHOUT_A_RULER: ArticleData = {
  slug: 'scale-without-a-ruler',
  author: 'jonas-ebert',
  publishDate: '2026-03-03',
  tags: ['design', 'capture'],
  hero: { kind: 'abstract', motif: 'grid', palette: ['#f2eee8', '#c4b8a8', '#b5683f', '#2f2a27', '#6b5b4b'] },
  heroAlt: { 'en-US': 'A warm perspective grid receding towards the horizon', 'de-DE': 'Ein warmes perspektivisches Raster, das zum Horizont hin verläuft' },
  title: { 'en-US': 'Scale without a ruler', 'de-DE': 'Größe ohne Zollstock' },
  excerpt: {
    'en-US': 'On a screen, a vase and a wardrobe are the same size. How shadows, camera height and real-world units tell you otherwise.',
  },
  body: {
    'en-US': `
      Every model on Vitrine is authored in metres, with the floor at zero and the front facing you. That sounds like bookkeeping, but it is what lets the viewer frame a 285 mm mallet and a 2 m table so that both *feel* their size.

      ## Three cues we rely on
      1. **Contact shadows.** A soft, dark shadow right under the feet says *this stands on the floor*. Its blur radius grows with the object's size.
      2. **Camera height.** We place the virtual camera at the eye height of someone using the object: low for a stool, standing height for a shelf.
      3. **Field of view.** A narrow lens flattens, a wide one exaggerates. We stay between 30° and 40°, close to a portrait lens.

      ## The dimensions box
      Each model entry also carries its bounding box in millimetres, which the page prints under the viewer. Ours are measured from the mesh itself, so they cannot drift from the file.

      !entry:model-carvers-mallet

      When scale still fails, a person helps. We are working on a to-scale silhouette you can toggle in the viewer; the {{entry:model-ladder-shelf}} will be the first to get it.
    `,
  },
};
