import type { ArticleData } from '../types.ts';

export const RECYCLED_ALUMINIUM: ArticleData = {
  slug: 'recycled-aluminium-and-honest-numbers',
  author: 'mara-lindqvist',
  publishDate: '2026-05-12',
  tags: ['sustainability', 'materials'],
  hero: { kind: 'abstract', motif: 'strata', palette: ['#eceeef', '#b8bec3', '#8b949b', '#d8dcdf', '#5c656c'] },
  heroAlt: {
    'en-US': 'Layered grey bands like strata of rock or rolled metal',
    'de-DE': 'Geschichtete graue Bänder wie Gesteinsschichten oder gewalztes Metall',
  },
  title: { 'en-US': 'Recycled aluminium and honest numbers', 'de-DE': 'Recyceltes Aluminium und ehrliche Zahlen' },
  excerpt: {
    'en-US': 'Our lamp shades are now spun from 95% post-consumer aluminium. What that saves, what it does not, and why we publish the numbers.',
    'de-DE':
      'Unsere Lampenschirme werden jetzt aus Aluminium mit 95 % Recyclinganteil gedrückt. Was das spart, was nicht – und warum wir die Zahlen veröffentlichen.',
  },
  body: {
    'en-US': `
      Primary aluminium is one of the most energy-hungry materials in a product: roughly 16 kg of CO~2~e per kilogram, depending on the electricity used in the smelter. Remelting scrap needs about 5% of that energy.

      ## What changed
      Since March, the shade of the {{entry:model-pivot-desk-lamp}} is spun from sheet with 95% post-consumer content. The alloy is slightly softer, so the shade is 0.1 mm thicker; the spinning shop needed two afternoons to adjust.

      | Per shade | Before | Now |
      | --- | --- | --- |
      | Aluminium | 180 g | 195 g |
      | Recycled content | 30% | 95% |
      | Embodied carbon | 2.3 kg CO~2~e | 0.5 kg CO~2~e |

      ## What did not change
      - The powder coat, which is still the largest remaining share
      - Transport, which for a lamp this light is small anyway
      - The brass knuckles: brass is already mostly recycled

      > A footprint number without its method is marketing. With its method, it is a promise you can check.

      Our full method, including the emission factors we used, is on the [press page](entry:page-press). Questions about it go to [our studio address](mailto:hello@vitrine.example?subject=Carbon%20numbers).
    `,
    'de-DE': `
      Primäraluminium gehört zu den energiehungrigsten Materialien in einem Produkt: grob 16 kg CO~2~e pro Kilogramm, je nach Strommix der Hütte. Schrott wieder einzuschmelzen braucht etwa 5 % dieser Energie.

      ## Was sich geändert hat
      Seit März wird der Schirm der {{entry:model-pivot-desk-lamp}} aus Blech mit 95 % Post-Consumer-Anteil gedrückt. Die Legierung ist etwas weicher, der Schirm deshalb 0,1 mm dicker; die Drückerei brauchte zwei Nachmittage zum Einstellen.

      | Pro Schirm | Vorher | Jetzt |
      | --- | --- | --- |
      | Aluminium | 180 g | 195 g |
      | Recyclinganteil | 30 % | 95 % |
      | Grauer CO~2~-Fußabdruck | 2,3 kg CO~2~e | 0,5 kg CO~2~e |

      ## Was sich nicht geändert hat
      - Die Pulverbeschichtung, inzwischen der größte verbleibende Anteil
      - Der Transport, bei einer so leichten Leuchte ohnehin gering
      - Die Messinggelenke: Messing ist bereits überwiegend recycelt

      > Eine Fußabdruck-Zahl ohne Methode ist Marketing. Mit Methode ist sie ein Versprechen, das man prüfen kann.

      Unsere vollständige Methode samt Emissionsfaktoren steht auf der [Presseseite](entry:page-press). Fragen dazu gern an [unsere Studioadresse](mailto:hello@vitrine.example?subject=CO2-Zahlen).
    `,
  },
};
