import type { ArticleData } from '../types.ts';

export const DESIGNED_TO_BE_TAKEN_APART: ArticleData = {
  slug: 'designed-to-be-taken-apart',
  author: 'mara-lindqvist',
  publishDate: '2025-08-26',
  tags: ['sustainability', 'design'],
  hero: { kind: 'render', model: 'tripod-stool', azimuthDeg: 320, polarDeg: 60, background: ['#e4e8df', '#b8c2b2'] },
  heroAlt: {
    'en-US': 'The ash Tripod stool seen slightly from above on a pale green background',
    'de-DE': 'Der Dreibein-Hocker aus Esche, leicht von oben, vor hellgrünem Hintergrund',
  },
  title: { 'en-US': 'Designed to be taken apart', 'de-DE': 'Gemacht, um zerlegt zu werden' },
  excerpt: {
    'en-US': 'Glue is fast, strong and permanent. That last part is the problem. Why every Vitrine piece can be dismantled with one key.',
    'de-DE': 'Leim ist schnell, stark und dauerhaft. Das Letzte ist das Problem. Warum sich jedes Vitrine-Stück mit einem einzigen Schlüssel zerlegen lässt.',
  },
  body: {
    'en-US': `
      Most furniture is thrown away for a reason that has nothing to do with wood: a broken joint, a stained cushion, a move to a flat with a narrow staircase. If the piece cannot come apart, the whole thing goes.

      ## Three rules
      1. **No glue in structural joints.** Threaded brass inserts and bolts, or wedges.
      2. **One tool.** Everything opens with a 4 mm hex key, which ships taped under the seat.
      3. **Spare parts for fifteen years.** Every part has a number and a drawing in our archive.

      The {{entry:model-ostra-lounge-chair}} has six bolts. The {{entry:model-ladder-shelf}} has none: it leans. The {{entry:model-tripod-stool}} is the exception, its legs are wedged, but a wedge can be driven out again.

      ## What it costs
      Knock-down joints take longer to design and about 20% longer to make. We think that is the cheapest insurance a piece of furniture can have.

      !entry:model-ladder-shelf

      > Repairable is not a feature. It is the absence of a decision to make something disposable.

      Our sister studio keeps an [archive of earlier repair notes](crn:contentful:::content:spaces/vitrine-archive/entries/repair-notes-2019) in a separate space; it is not part of this demo, so the link stays unresolved here.
    `,
    'de-DE': `
      Die meisten Möbel landen aus Gründen auf dem Sperrmüll, die mit dem Holz nichts zu tun haben: eine gebrochene Verbindung, ein fleckiges Kissen, ein Umzug in eine Wohnung mit engem Treppenhaus. Lässt sich das Stück nicht zerlegen, geht alles.

      ## Drei Regeln
      1. **Kein Leim in tragenden Verbindungen.** Gewindemuffen aus Messing und Schrauben – oder Keile.
      2. **Ein Werkzeug.** Alles öffnet sich mit einem 4-mm-Inbusschlüssel, der unter der Sitzfläche klebt.
      3. **Ersatzteile für fünfzehn Jahre.** Jedes Teil hat eine Nummer und eine Zeichnung in unserem Archiv.

      Der {{entry:model-ostra-lounge-chair}} hat sechs Schrauben. Das {{entry:model-ladder-shelf}} hat keine: Es lehnt. Der {{entry:model-tripod-stool}} ist die Ausnahme, seine Beine sind verkeilt – aber einen Keil kann man wieder heraustreiben.

      ## Was es kostet
      Zerlegbare Verbindungen brauchen länger in der Konstruktion und etwa 20 % mehr Zeit in der Fertigung. Wir halten das für die günstigste Versicherung, die ein Möbel haben kann.

      !entry:model-ladder-shelf

      > Reparierbar ist kein Feature. Es ist das Fehlen der Entscheidung, etwas zum Wegwerfen zu machen.

      Unser Schwesterstudio führt ein [Archiv älterer Reparaturnotizen](crn:contentful:::content:spaces/vitrine-archive/entries/repair-notes-2019) in einem eigenen Space; es gehört nicht zu dieser Demo, der Link bleibt hier also unaufgelöst.
    `,
  },
};
