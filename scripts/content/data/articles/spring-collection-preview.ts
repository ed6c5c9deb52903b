import type { ArticleData } from '../types.ts';

/** Never published: visible only through the Preview API (preview mode). */
export const SPRING_COLLECTION_PREVIEW: ArticleData = {
  slug: 'spring-collection-preview',
  author: 'mara-lindqvist',
  publishDate: '2026-12-08',
  draft: true,
  tags: ['design'],
  hero: { kind: 'abstract', motif: 'glow', palette: ['#f4ede4', '#e0b98a', '#c6673f', '#fff3dc', '#6b4a35'] },
  heroAlt: {
    'en-US': 'A warm glow and a brass-coloured ring on a cream background',
    'de-DE': 'Ein warmes Leuchten und ein messingfarbener Ring auf cremefarbenem Grund',
  },
  title: { 'en-US': 'Draft: a first look at the spring collection', 'de-DE': 'Entwurf: ein erster Blick auf die Frühjahrskollektion' },
  excerpt: {
    'en-US': 'Not published yet. Three new pieces, one new material, and a lamp that finally has a dimmer.',
    'de-DE': 'Noch nicht veröffentlicht. Drei neue Stücke, ein neues Material und eine Leuchte, die endlich dimmbar ist.',
  },
  body: {
    'en-US': `
      **This article is a draft.** If you can read it, you are looking at the site in preview mode.

      ## What is coming
      - A dining chair to go with the {{entry:model-kerf-dining-table}}
      - A wall version of the {{entry:model-halo-pendant}}
      - The {{entry:model-pivot-desk-lamp}} with a dimmer in the base

      Photographs and models follow in March. Until then, the sketches stay in the drawer.
    `,
    'de-DE': `
      **Dieser Artikel ist ein Entwurf.** Wer ihn lesen kann, sieht die Website im Vorschaumodus.

      ## Was kommt
      - Ein Esszimmerstuhl passend zum {{entry:model-kerf-dining-table}}
      - Eine Wandversion der {{entry:model-halo-pendant}}
      - Die {{entry:model-pivot-desk-lamp}} mit Dimmer im Fuß

      Fotos und Modelle folgen im März. Bis dahin bleiben die Skizzen in der Schublade.
    `,
  },
};
