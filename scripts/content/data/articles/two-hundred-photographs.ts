import type { ArticleData } from '../types.ts';

export const TWO_HUNDRED_PHOTOGRAPHS: ArticleData = {
  slug: 'two-hundred-photographs-of-a-chair',
  author: 'jonas-ebert',
  publishDate: '2025-03-04',
  tags: ['capture', 'process'],
  hero: { kind: 'abstract', motif: 'grid', palette: ['#eef1f2', '#9fb3b8', '#c6673f', '#3e6b73', '#2d2a26'] },
  heroAlt: {
    'en-US': 'A perspective grid with a ring of camera positions around a small pyramid',
    'de-DE': 'Ein perspektivisches Raster mit einem Ring aus Kamerapositionen um eine kleine Pyramide',
  },
  title: { 'en-US': 'Two hundred photographs of a chair', 'de-DE': 'Zweihundert Fotos von einem Sessel' },
  excerpt: {
    'en-US': 'How we capture a finished piece with photogrammetry, and why the scan is only the starting point for the model you can turn on this site.',
    'de-DE': 'Wie wir ein fertiges Möbel per Photogrammetrie erfassen – und warum der Scan nur der Ausgangspunkt für das Modell ist, das man hier drehen kann.',
  },
  body: {
    'en-US': `
      Every piece we publish starts as a physical object on a turntable in the corner of the workshop. Over an afternoon, a camera on a boom takes 216 photographs from three heights while the table turns in ten-degree steps.

      !asset:capture-rig-diagram

      ## The rig
      1. Three rings of 36 stations, at knee, waist and eye height
      2. Four softboxes at the corners, cross-polarised to kill reflections
      3. A colour checker in the first frame of every ring

      Cross-polarising matters more than resolution. Oiled oak is shiny enough that an unpolarised scan bakes the studio lights into the texture, and then every virtual lamp you add later looks wrong.

      ## From scan to model
      The raw reconstruction of the {{entry:model-ostra-lounge-chair}} had 4.1 million triangles. What you load on its page has a few thousand, with the fine detail moved into a *normal map*. The scan tells us the truth about proportions; the model is a careful retopology on top of it.

      > A scan is a measurement. A model is an opinion about which measurements matter.

      ## What we throw away
      - Anything under 0.3 mm: fabric fuzz, dust, fingerprints
      - The underside, unless the object is usually seen from below
      - Background, turntable and the colour checker, obviously

      !entry:model-ostra-lounge-chair

      Next time: why lamps are the hardest things to photograph. It is already [online](entry:article-rendering-light).
    `,
    'de-DE': `
      Jedes Stück, das wir veröffentlichen, beginnt als Objekt auf einem Drehteller in der Ecke der Werkstatt. Im Lauf eines Nachmittags macht eine Kamera an einem Galgen 216 Aufnahmen aus drei Höhen, während sich der Teller in Zehn-Grad-Schritten dreht.

      !asset:capture-rig-diagram

      ## Der Aufbau
      1. Drei Ringe mit je 36 Positionen, auf Knie-, Hüft- und Augenhöhe
      2. Vier Softboxen in den Ecken, kreuzpolarisiert gegen Spiegelungen
      3. Eine Farbkarte im ersten Bild jedes Rings

      Die Kreuzpolarisation ist wichtiger als die Auflösung. Geölte Eiche glänzt so stark, dass ein unpolarisierter Scan die Studiolichter in die Textur einbrennt – und dann sieht jede virtuelle Lampe, die man später hinzufügt, falsch aus.

      ## Vom Scan zum Modell
      Beim {{entry:model-ostra-lounge-chair}} hatte die Rohrekonstruktion 4,1 Millionen Dreiecke. Auf seiner Seite laden ein paar Tausend; die feinen Details stecken in einer *Normal-Map*. Der Scan sagt uns die Wahrheit über die Proportionen, das Modell ist eine sorgfältige Retopologie darüber.

      > Ein Scan ist eine Messung. Ein Modell ist eine Meinung darüber, welche Messungen zählen.

      ## Was wir weglassen
      - Alles unter 0,3 mm: Stoffflusen, Staub, Fingerabdrücke
      - Die Unterseite, außer man sieht das Objekt meist von unten
      - Hintergrund, Drehteller und natürlich die Farbkarte

      !entry:model-ostra-lounge-chair

      Beim nächsten Mal: warum Leuchten am schwersten zu fotografieren sind. Der Text ist schon [online](entry:article-rendering-light).
    `,
  },
};
