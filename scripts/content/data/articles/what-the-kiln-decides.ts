import type { ArticleData } from '../types.ts';

export const WHAT_THE_KILN_DECIDES: ArticleData = {
  slug: 'what-the-kiln-decides',
  author: 'mara-lindqvist',
  publishDate: '2025-05-27',
  tags: ['craft', 'materials'],
  hero: { kind: 'render', model: 'tide-vase', azimuthDeg: 200, polarDeg: 80, background: ['#d9e3dc', '#9fb5a8'] },
  heroAlt: { 'en-US': 'The celadon Tide vase on a sage-green background', 'de-DE': 'Die seladongrüne Vase Tide vor salbeigrünem Hintergrund' },
  title: { 'en-US': 'What the kiln decides', 'de-DE': 'Was der Ofen entscheidet' },
  excerpt: {
    'en-US': 'A celadon glaze goes into the kiln grey and comes out green, or blue, or brown. Notes from a week of test tiles for the Tide vase.',
    'de-DE':
      'Eine Seladonglasur geht grau in den Ofen und kommt grün heraus – oder blau, oder braun. Notizen aus einer Woche mit Probeplättchen für die Vase Tide.',
  },
  body: {
    'en-US': `
      Woodworkers can see their mistakes while they make them. Potters find out two days later, when the kiln has cooled below 100 °C and the door can finally open.

      ## Iron, reduction and patience
      Celadon gets its colour from about 1% iron oxide, Fe~2~O~3~, in the glaze. Fired with plenty of oxygen it turns amber; starve the kiln of oxygen at the right moment and the iron reduces to FeO, which gives the pale green we wanted for the {{entry:model-tide-vase}}.

      1. Bisque fire to 950 °C
      2. Dip glaze, two seconds, wipe the foot
      3. Glaze fire to 1280 °C, reduction from 1000 °C

      ## Forty-two tiles
      We fired 42 test tiles in six positions of the kiln. The same bucket of glaze gave seven distinct colours. The top shelf, closest to the burner, came out almost blue; the bottom back corner stayed stubbornly olive.

      > The kiln is the last designer to touch the piece, and it never takes a brief.

      The vase below is the version we kept. You can turn it, and the file is also [downloadable as a GLB](asset:glb-tide-vase):

      !asset:glb-tide-vase

      Its smaller sibling in wood is the {{entry:model-turned-walnut-bowl}}, which at least comes off the lathe the colour it went on.
    `,
    'de-DE': `
      Im Holz sieht man seine Fehler, während man sie macht. Töpferinnen erfahren es zwei Tage später, wenn der Ofen unter 100 °C abgekühlt ist und die Tür endlich aufgeht.

      ## Eisen, Reduktion und Geduld
      Seladon verdankt seine Farbe etwa 1 % Eisenoxid, Fe~2~O~3~, in der Glasur. Mit viel Sauerstoff gebrannt wird es bernsteinfarben; entzieht man dem Ofen im richtigen Moment den Sauerstoff, wird das Eisen zu FeO reduziert – und es entsteht das blasse Grün, das wir für die {{entry:model-tide-vase}} wollten.

      1. Schrühbrand bei 950 °C
      2. Tauchglasur, zwei Sekunden, Fuß abwischen
      3. Glattbrand bei 1280 °C, Reduktion ab 1000 °C

      ## Zweiundvierzig Plättchen
      Wir haben 42 Probeplättchen an sechs Stellen im Ofen gebrannt. Derselbe Eimer Glasur ergab sieben deutlich verschiedene Farben. Das obere Fach, am nächsten am Brenner, wurde fast blau; die hintere untere Ecke blieb hartnäckig oliv.

      > Der Ofen ist der letzte Gestalter, der das Stück berührt – und er hält sich nie an ein Briefing.

      Die Vase unten ist die Fassung, die wir behalten haben. Man kann sie drehen, und die Datei gibt es auch [als GLB zum Herunterladen](asset:glb-tide-vase):

      !asset:glb-tide-vase

      Ihre kleinere Schwester aus Holz ist die {{entry:model-turned-walnut-bowl}} – die kommt wenigstens in der Farbe von der Drechselbank, in der sie draufkam.
    `,
  },
};
