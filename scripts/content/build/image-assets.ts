import { ARTICLES } from '../data/articles/index.ts';
import { PEOPLE } from '../data/people.ts';
import { createKerfSpecSheet } from '../files/spec-sheet.ts';
import { renderAvatar } from '../images/avatars.ts';
import { renderCaptureDiagram, renderMaterialsBoard } from '../images/figures.ts';
import { renderHero } from '../images/heroes.ts';
import { renderPoster } from '../images/posters.ts';
import { renderSocialImage } from '../images/social.ts';
import { renderAnimationClip } from '../video/animation-clip.ts';
import { getProduct, measureDimensions } from './model-assets.ts';
import { uploadedBefore } from './timeline.ts';

import type { ArticleData } from '../data/types.ts';
import type { AssetStore } from './asset-store.ts';

/** Heroes, avatars, the social image, figures and downloads: every asset that is not a model. */
async function renderArticleHero(article: ArticleData): Promise<{ bytes: Buffer; fileName: string; contentType: string }> {
  const { hero } = article;
  if (hero.kind === 'render') {
    const bytes = await renderPoster(
      getProduct(hero.model),
      { azimuthDeg: hero.azimuthDeg, polarDeg: hero.polarDeg, background: hero.background, fill: 0.74, floating: hero.model === 'halo-pendant' },
      1600,
      900,
    );
    return { bytes, fileName: `${article.slug}.jpg`, contentType: 'image/jpeg' };
  }
  const bytes = await renderHero({ motif: hero.motif, palette: hero.palette, seed: article.slug });
  return { bytes, fileName: `${article.slug}.webp`, contentType: 'image/webp' };
}

/** A short clip of the desk lamp's glTF animation, for the video embed (H.264 in MP4). */
async function buildVideo(store: AssetStore): Promise<void> {
  await store.add({
    id: 'video-pivot-reach',
    fileName: 'pivot-desk-lamp-reach.mp4',
    contentType: 'video/mp4',
    bytes: await renderAnimationClip(getProduct('pivot-desk-lamp'), {
      width: 256,
      height: 144,
      framesPerSecond: 8,
      tolerance: 10,
      azimuthDeg: 75,
      polarDeg: 74,
      background: ['#ecebe8', '#cdd0d2'],
      fill: 0.7,
    }),
    title: { 'en-US': 'Pivot Desk Lamp: the Reach animation', 'de-DE': 'Pivot Schreibtischleuchte: die Animation „Reach“' },
    description: {
      'en-US': 'Six-second loop of the lamp reaching forward and back (silent video).',
      'de-DE': 'Sechs Sekunden lange Schleife: Die Leuchte greift vor und zurück (Video ohne Ton).',
    },
    ...uploadedBefore('2025-11-18'),
  });
}

export async function buildImageAssets(store: AssetStore): Promise<void> {
  await buildVideo(store);
  for (const article of ARTICLES) {
    const hero = await renderArticleHero(article);
    await store.add({ id: `hero-${article.slug}`, ...hero, title: article.title, description: article.heroAlt, ...uploadedBefore(article.publishDate) });
  }
  for (const person of PEOPLE) {
    await store.add({
      id: `avatar-${person.slug}`,
      fileName: `${person.slug}.png`,
      contentType: 'image/png',
      bytes: await renderAvatar(person.avatar),
      title: person.name,
      description: { 'en-US': `Illustrated portrait of ${person.name['en-US']}`, 'de-DE': `Illustriertes Porträt von ${person.name['en-US']}` },
      ...uploadedBefore('2025-01-06'),
    });
  }
  await store.add({
    id: 'social-image',
    fileName: 'vitrine-social.jpg',
    contentType: 'image/jpeg',
    bytes: await renderSocialImage([
      { product: getProduct('ostra-lounge-chair'), at: [-0.45, 0, 0] },
      { product: getProduct('tripod-stool'), at: [0.45, 0, 0.05] },
      { product: getProduct('tide-vase'), at: [0.45, 0.45, 0.05] },
    ]),
    title: { 'en-US': 'Vitrine: lounge chair, stool and vase', 'de-DE': 'Vitrine: Sessel, Hocker und Vase' },
    description: {
      'en-US': 'The Ostra lounge chair next to the Tripod stool with the Tide vase on it, in one studio shot.',
      'de-DE': 'Der Sessel Ostra neben dem Dreibein-Hocker mit der Vase Tide darauf, in einer Studioaufnahme.',
    },
    ...uploadedBefore('2025-01-08'),
  });
  await store.add({
    id: 'materials-board',
    fileName: 'oak-ash-walnut-samples.jpg',
    contentType: 'image/jpeg',
    bytes: await renderMaterialsBoard(),
    title: { 'en-US': 'Oak, ash and walnut samples', 'de-DE': 'Muster aus Eiche, Esche und Nussbaum' },
    description: { 'en-US': 'Three boards side by side: oak, ash and walnut.', 'de-DE': 'Drei Bretter nebeneinander: Eiche, Esche und Nussbaum.' },
    ...uploadedBefore('2025-02-11'),
  });
  await store.add({
    id: 'capture-rig-diagram',
    fileName: 'capture-rig-top-view.png',
    contentType: 'image/png',
    bytes: await renderCaptureDiagram(),
    title: { 'en-US': 'Capture rig, top view', 'de-DE': 'Scan-Aufbau von oben' },
    description: {
      'en-US': 'Three rings of 36 camera positions around a turntable, with four softboxes in the corners.',
      'de-DE': 'Drei Ringe mit je 36 Kamerapositionen um einen Drehteller, vier Softboxen in den Ecken.',
    },
    ...uploadedBefore('2025-03-04'),
  });
  await store.add({
    id: 'kerf-spec-sheet',
    fileName: 'kerf-dining-table-spec-sheet.pdf',
    contentType: 'application/pdf',
    bytes: createKerfSpecSheet(measureDimensions(getProduct('kerf-dining-table'))),
    title: { 'en-US': 'Kerf Dining Table: spec sheet', 'de-DE': 'Kerf Esstisch: Datenblatt' },
    description: {
      'en-US': 'Dimensions, materials, care and spare parts (PDF, English).',
      'de-DE': 'Maße, Materialien, Pflege und Ersatzteile (PDF, auf Englisch).',
    },
    ...uploadedBefore('2025-01-28'),
  });
}
