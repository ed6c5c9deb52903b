import type { ArticleData } from '../types.ts';

export const ROUGHNESS_PRIMER: ArticleData = {
  slug: 'roughness-is-not-shininess',
  author: 'jonas-ebert',
  publishDate: '2025-10-07',
  tags: ['materials', 'process'],
  hero: { kind: 'abstract', motif: 'rings', palette: ['#f3ede4', '#b08a5b', '#5b3b26', '#e9d5b5', '#3a2a1e'] },
  heroAlt: {
    'en-US': 'Concentric rings around a warm disc, like the growth rings of a log',
    'de-DE': 'Konzentrische Ringe um eine warme Scheibe, wie die Jahresringe eines Stamms',
  },
  title: { 'en-US': 'Roughness is not shininess: a PBR primer for product designers', 'de-DE': 'Rauheit ist nicht Glanz: PBR für Produktdesigner' },
  excerpt: {
    'en-US': 'Four numbers describe almost every material we make. What base colour, metallic, roughness and normal really mean, in workshop terms.',
    'de-DE':
      'Vier Werte beschreiben fast jedes Material, das wir verwenden. Was Grundfarbe, Metallic, Rauheit und Normal-Map wirklich bedeuten – in Werkstattsprache.',
  },
  body: {
    'en-US': `
      Designers specify finishes with words like *satin*, *matte* or *brushed*. Real-time renderers want numbers. Physically based rendering, PBR, is the translation table between the two, and it fits on a postcard.

      ## The four numbers
      - **Base colour**: the colour of the material under perfectly diffuse light, without shading or reflections
      - **Metallic**: 0 for everything except bare metal, 1 for bare metal; almost nothing is in between
      - **Roughness**: how blurry the reflections are, from 0 (mirror) to 1 (chalk)
      - **Normal map**: small surface detail, like grain or weave, that catches light without adding geometry

      ## Common mistakes
      The word *shiny* hides two different things. A lacquered walnut top is dielectric with low roughness: its reflections are sharp but weak, around 4% at normal incidence. Polished brass is metallic: its reflections are strong **and** coloured. Get metallic wrong and no amount of roughness tuning will fix it.

      | Finish | Metallic | Roughness |
      | --- | --- | --- |
      | Oiled oak | 0 | 0.55 – 0.6 |
      | Celadon glaze | 0 | 0.15 – 0.2 |
      | Powder-coated steel | 0 | 0.45 – 0.5 |
      | Brushed brass | 1 | 0.3 |
      | Boiled wool | 0 | 0.9 |

      The F~0~ value of most dielectrics sits close to 0.04, which is why the \`metallic\` switch matters so much more than the exact colour of a reflection.

      !entry:model-turned-walnut-bowl

      If you only remember one thing: measure roughness by looking at the *edge* of a reflection, not its brightness.
    `,
    'de-DE': `
      Designerinnen beschreiben Oberflächen mit Wörtern wie *seidenmatt*, *stumpf* oder *gebürstet*. Echtzeit-Renderer wollen Zahlen. Physically Based Rendering, kurz PBR, ist die Übersetzungstabelle zwischen beiden – und sie passt auf eine Postkarte.

      ## Die vier Werte
      - **Grundfarbe**: die Farbe des Materials unter vollkommen diffusem Licht, ohne Schatten und Spiegelungen
      - **Metallic**: 0 für alles außer blankem Metall, 1 für blankes Metall; dazwischen gibt es fast nichts
      - **Rauheit**: wie unscharf die Spiegelungen sind, von 0 (Spiegel) bis 1 (Kreide)
      - **Normal-Map**: feine Oberflächendetails wie Maserung oder Gewebe, die Licht fangen, ohne Geometrie hinzuzufügen

      ## Häufige Fehler
      Das Wort *glänzend* verbirgt zwei verschiedene Dinge. Eine lackierte Nussbaumplatte ist ein Dielektrikum mit geringer Rauheit: Ihre Spiegelungen sind scharf, aber schwach, etwa 4 % bei senkrechtem Einfall. Poliertes Messing ist metallisch: Seine Spiegelungen sind stark **und** farbig. Wer Metallic falsch setzt, rettet das mit keiner Rauheit der Welt.

      | Oberfläche | Metallic | Rauheit |
      | --- | --- | --- |
      | Geölte Eiche | 0 | 0,55 – 0,6 |
      | Seladonglasur | 0 | 0,15 – 0,2 |
      | Pulverbeschichteter Stahl | 0 | 0,45 – 0,5 |
      | Gebürstetes Messing | 1 | 0,3 |
      | Walkloden | 0 | 0,9 |

      Der F~0~-Wert der meisten Dielektrika liegt nahe 0,04 – deshalb ist der Schalter \`metallic\` so viel wichtiger als die genaue Farbe einer Spiegelung.

      !entry:model-turned-walnut-bowl

      Wenn man sich nur eines merkt: Rauheit misst man am *Rand* einer Spiegelung, nicht an ihrer Helligkeit.
    `,
  },
};
