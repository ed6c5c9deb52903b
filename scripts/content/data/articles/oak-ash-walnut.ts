import type { ArticleData } from '../types.ts';

export const OAK_ASH_WALNUT: ArticleData = {
  slug: 'oak-ash-walnut',
  author: 'mara-lindqvist',
  publishDate: '2025-02-11',
  tags: ['materials', 'craft'],
  hero: { kind: 'abstract', motif: 'grain', palette: ['#f1e6d6', '#b98d5c', '#7a5230', '#e8cfa8', '#5b3b26'] },
  heroAlt: {
    'en-US': 'Flowing lines like the grain of a plank around a pale disc',
    'de-DE': 'Fließende Linien wie die Maserung eines Bretts um eine helle Scheibe',
  },
  title: { 'en-US': 'Oak, ash or walnut: choosing a hardwood you can live with', 'de-DE': 'Eiche, Esche oder Nussbaum: ein Holz, mit dem man leben kann' },
  excerpt: {
    'en-US': 'Three timbers cover almost everything we make. How they differ in hardness, colour and ageing, and why we never pick on looks alone.',
    'de-DE':
      'Drei Hölzer decken fast alles ab, was wir bauen. Wie sie sich in Härte, Farbe und Alterung unterscheiden – und warum wir nie nur nach dem Aussehen wählen.',
  },
  body: {
    'en-US': `
      Clients usually ask for a colour. We answer with a question about their floor, their children and their windows, because a timber is a decision about the next thirty years, not about the showroom.

      !asset:materials-board

      ## The short version
      | Timber | Density | Hardness (Janka) | Colour over time |
      | --- | --- | --- | --- |
      | European oak | 710 kg/m^3^ | 5,400 N | honey, then grey-brown |
      | European ash | 690 kg/m^3^ | 5,900 N | pale, slowly yellowing |
      | Black walnut | 610 kg/m^3^ | 4,500 N | dark chocolate, then lighter |

      ## Oak forgives
      Oak's open grain hides dents and spills, and its tannins make it durable enough for a kitchen table that is scrubbed every night. It is the frame of the {{entry:model-ostra-lounge-chair}} for exactly that reason.

      ## Ash flexes
      Ash is the timber of tool handles and tennis rackets: long fibres, great in bending, slightly less stable in humid rooms. We use it for legs and rails, never for wide panels.

      ## Walnut rewards care
      Walnut is the softest of the three and the most beautiful; it **lightens** with sunlight rather than darkening. A walnut top wants coasters, and a client who enjoys oiling it twice a year.

      !entry:model-kerf-dining-table

      > Pick the timber for the worst day of the piece's life, not the first.

      If you are still unsure, order our sample set. It is the same three boards you see above, just heavier.
    `,
    'de-DE': `
      Kundinnen und Kunden fragen meist nach einer Farbe. Wir antworten mit Fragen nach ihrem Boden, ihren Kindern und ihren Fenstern – denn ein Holz ist eine Entscheidung für die nächsten dreißig Jahre, nicht für den Ausstellungsraum.

      !asset:materials-board

      ## Die Kurzfassung
      | Holz | Dichte | Härte (Janka) | Farbe mit der Zeit |
      | --- | --- | --- | --- |
      | Europäische Eiche | 710 kg/m^3^ | 5.400 N | honigfarben, später graubraun |
      | Europäische Esche | 690 kg/m^3^ | 5.900 N | hell, vergilbt langsam |
      | Amerikanischer Nussbaum | 610 kg/m^3^ | 4.500 N | schokoladenbraun, dann heller |

      ## Eiche verzeiht
      Die offenen Poren der Eiche verbergen Dellen und Flecken, ihre Gerbstoffe machen sie robust genug für einen Küchentisch, der jeden Abend geschrubbt wird. Genau deshalb ist beim {{entry:model-ostra-lounge-chair}} das Gestell aus Eiche.

      ## Esche federt
      Esche ist das Holz für Werkzeugstiele und Tennisschläger: lange Fasern, hervorragend auf Biegung, in feuchten Räumen etwas weniger formstabil. Wir nehmen sie für Beine und Zargen, nie für breite Platten.

      ## Nussbaum will Pflege
      Nussbaum ist das weichste der drei Hölzer und das schönste; im Sonnenlicht wird er **heller** statt dunkler. Eine Nussbaumplatte braucht Untersetzer – und jemanden, der sie gern zweimal im Jahr ölt.

      !entry:model-kerf-dining-table

      > Wähle das Holz für den schlimmsten Tag im Leben des Möbels, nicht für den ersten.

      Wer noch unsicher ist, bestellt unser Musterset. Es sind dieselben drei Bretter wie oben, nur schwerer.
    `,
  },
};
