import type { PageData } from '../types.ts';

export const PRESS: PageData = {
  slug: 'press',
  publishedOn: '2025-02-18',
  title: { 'en-US': 'Press', 'de-DE': 'Presse' },
  seoTitle: { 'en-US': 'Press and downloads | Vitrine', 'de-DE': 'Presse und Downloads | Vitrine' },
  seoDescription: {
    'en-US': 'Images, spec sheets, 3D files and facts about Vitrine for editors and writers.',
    'de-DE': 'Bilder, Datenblätter, 3D-Dateien und Fakten über Vitrine für Redaktionen.',
  },
  ogImage: 'social-image',
  body: {
    'en-US': `
      Everything on this site, images, models and text, is released under CC0: you may publish it without asking and without credit, although we are always glad to hear about it.

      ## Press kit
      - Product images: every model poster, for example the one of the [Halo Pendant](resource:model-halo-pendant), is available at 1600 × 1200 px
      - 3D files
        - GLB and glTF, exactly as used on the site
        - open them in Blender, three.js or any glTF viewer
      - Spec sheets as PDF, for example the [Kerf Dining Table](asset:kerf-spec-sheet)

      !asset:kerf-spec-sheet

      ## Facts
      | Key fact | Value |
      | --- | --- |
      | Founded | 2019 |
      | Team | 2 people, 1 workshop dog |
      | Pieces in production | 9 |
      | Spare parts guaranteed | 15 years |

      ## Carbon method
      Our footprint numbers cover materials and manufacturing (cradle to gate) and use published industry averages unless a supplier gives us measured values. Read the background in {{entry:article-recycled-aluminium-and-honest-numbers}}.

      ## Contact
      Press enquiries: [press@vitrine.example](mailto:press@vitrine.example), or by phone on [+49 30 1234 5679](tel:+493012345679).
    `,
    'de-DE': `
      Alles auf dieser Website – Bilder, Modelle und Texte – steht unter CC0: Sie dürfen es ohne Nachfrage und ohne Quellenangabe veröffentlichen, auch wenn wir uns immer freuen, davon zu hören.

      ## Pressemappe
      - Produktbilder: jedes Modellposter, etwa das der [Halo Pendelleuchte](resource:model-halo-pendant), gibt es in 1600 × 1200 px
      - 3D-Dateien
        - GLB und glTF, genau wie auf der Website verwendet
        - lassen sich in Blender, three.js oder jedem glTF-Viewer öffnen
      - Datenblätter als PDF, etwa für den [Kerf Esstisch](asset:kerf-spec-sheet)

      !asset:kerf-spec-sheet

      ## Fakten
      | Fakt | Wert |
      | --- | --- |
      | Gegründet | 2019 |
      | Team | 2 Personen, 1 Werkstatthund |
      | Stücke in Produktion | 9 |
      | Ersatzteilgarantie | 15 Jahre |

      ## CO₂-Methode
      Unsere Fußabdruck-Zahlen umfassen Material und Fertigung (cradle to gate) und beruhen auf veröffentlichten Branchendurchschnitten, sofern uns Lieferanten keine gemessenen Werte geben. Hintergründe im Artikel {{entry:article-recycled-aluminium-and-honest-numbers}}.

      ## Kontakt
      Presseanfragen: [press@vitrine.example](mailto:press@vitrine.example) oder telefonisch unter [+49 30 1234 5679](tel:+493012345679).
    `,
  },
};
