import type { ArticleData } from '../types.ts';

export const SMALLER_FILES: ArticleData = {
  slug: 'smaller-files-same-table',
  author: 'jonas-ebert',
  publishDate: '2025-07-08',
  tags: ['process', 'sustainability'],
  hero: { kind: 'abstract', motif: 'blocks', palette: ['#eef0f3', '#3e6b73', '#c6673f', '#d9c7a7', '#2d2a26'] },
  heroAlt: { 'en-US': 'Overlapping coloured rectangles of different sizes', 'de-DE': 'Überlappende farbige Rechtecke in verschiedenen Größen' },
  title: { 'en-US': 'Smaller files, same table: compressing glTF for the web', 'de-DE': 'Kleinere Dateien, derselbe Tisch: glTF fürs Web komprimieren' },
  excerpt: {
    'en-US': 'Draco or meshopt? Both make our models a fraction of their size. What each one costs, and how we decide per model.',
    'de-DE': 'Draco oder meshopt? Beide machen unsere Modelle um ein Vielfaches kleiner. Was jedes Verfahren kostet und wie wir pro Modell entscheiden.',
  },
  body: {
    'en-US': `
      A product page should be readable before the 3D model arrives, and the model should arrive before the visitor loses interest. On a mid-range phone on a train, that leaves us a few hundred kilobytes.

      ## Two extensions, two philosophies
      - **Draco** (\`KHR_draco_mesh_compression\`) encodes the mesh connectivity itself
        - smallest files for dense, organic geometry
        - needs a decoder of about 300 kB, run in a web worker
      - **meshopt** (\`EXT_meshopt_compression\`) reorders and quantizes vertex data so it compresses well
        - slightly larger files, but decoding is nearly free
        - also compresses animations and morph targets

      ## Our numbers
      | Model | Technique | Why |
      | --- | --- | --- |
      | Kerf Dining Table | Draco | large flat surfaces, few vertices per triangle |
      | Turned Walnut Bowl | Draco | smooth lathe geometry |
      | Halo Pendant | meshopt | thin cables that quantize badly in Draco |
      | Ladder Shelf | meshopt | simple boxes; decode cost matters more than bytes |
      | Tide Vase | none | our baseline for debugging |

      We ~~used to compress everything with Draco~~ now decide per model. The rule of thumb: if the uncompressed file is under 200 kB, meshopt wins on time to first frame; above that, Draco wins on bytes.

      !entry:model-kerf-dining-table

      Smaller files are also a [sustainability](entry:article-designed-to-be-taken-apart) decision: every kilobyte is transferred thousands of times. The decoders themselves are served from our own origin, never from a third-party CDN.
    `,
    'de-DE': `
      Eine Produktseite soll lesbar sein, bevor das 3D-Modell da ist, und das Modell soll ankommen, bevor die Besucherin das Interesse verliert. Auf einem Mittelklasse-Handy im Zug bleiben uns dafür ein paar hundert Kilobyte.

      ## Zwei Erweiterungen, zwei Philosophien
      - **Draco** (\`KHR_draco_mesh_compression\`) kodiert die Verbindungsstruktur des Netzes selbst
        - die kleinsten Dateien bei dichter, organischer Geometrie
        - braucht einen Decoder von etwa 300 kB, der in einem Web Worker läuft
      - **meshopt** (\`EXT_meshopt_compression\`) sortiert und quantisiert Vertexdaten, damit sie sich gut komprimieren lassen
        - etwas größere Dateien, dafür kostet das Dekodieren fast nichts
        - komprimiert auch Animationen und Morph Targets

      ## Unsere Zahlen
      | Modell | Verfahren | Warum |
      | --- | --- | --- |
      | Kerf Esstisch | Draco | große ebene Flächen, wenige Vertices pro Dreieck |
      | Gedrechselte Nussbaumschale | Draco | glatte Drehgeometrie |
      | Halo Pendelleuchte | meshopt | dünne Kabel, die Draco schlecht quantisiert |
      | Leiterregal | meshopt | einfache Quader; Dekodierzeit zählt mehr als Bytes |
      | Vase Tide | keines | unsere Referenz zum Debuggen |

      Wir haben ~~früher alles mit Draco komprimiert~~ entscheiden heute pro Modell. Die Faustregel: Ist die unkomprimierte Datei kleiner als 200 kB, gewinnt meshopt bei der Zeit bis zum ersten Bild; darüber gewinnt Draco bei den Bytes.

      !entry:model-kerf-dining-table

      Kleinere Dateien sind auch eine Frage der [Nachhaltigkeit](entry:article-designed-to-be-taken-apart): Jedes Kilobyte wird tausendfach übertragen. Die Decoder liefern wir von unserem eigenen Server aus, nie von einem fremden CDN.
    `,
  },
};
