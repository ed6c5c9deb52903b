import type { ArticleData } from '../types.ts';

export const RENDERING_LIGHT: ArticleData = {
  slug: 'rendering-light',
  author: 'jonas-ebert',
  publishDate: '2025-04-15',
  tags: ['lighting', 'process'],
  hero: { kind: 'render', model: 'halo-pendant', azimuthDeg: 10, polarDeg: 104, background: ['#4a443e', '#1f1c19'] },
  heroAlt: {
    'en-US': 'The Halo pendant seen from below, its opal ring glowing against a dark background',
    'de-DE': 'Die Pendelleuchte Halo von unten, ihr opaler Ring leuchtet vor dunklem Hintergrund',
  },
  title: { 'en-US': 'Lamps are the hardest things to photograph', 'de-DE': 'Leuchten sind am schwersten zu fotografieren' },
  excerpt: {
    'en-US': 'A lamp has to look good switched off and switched on, and a camera can only expose for one of them. What we do about it in 3D.',
    'de-DE':
      'Eine Leuchte muss ausgeschaltet und eingeschaltet gut aussehen – eine Kamera kann aber nur auf eines von beiden belichten. Was wir in 3D dagegen tun.',
  },
  body: {
    'en-US': `
      An LED diffuser is roughly 5,000 times brighter than the brass around it. No sensor holds both, so product photographers shoot twice and blend. In a real-time viewer we cannot blend; we have to get the numbers right.

      ## Emission is a material property
      In glTF, a glowing surface is a material with an \`emissiveFactor\`. On its own that caps out at 1.0, the brightness of a white sheet of paper, which reads as *lit*, not as *light*. The extension \`KHR_materials_emissive_strength\` lifts that cap; our opal diffusers use a strength of 4.

      !entry:model-halo-pendant

      ## Exposure belongs to the viewer
      We render with a filmic tone curve and a fixed exposure, chosen so that:
      - the brass of the {{entry:model-halo-pendant}} keeps its colour in the highlights
      - the diffuser clips to warm white, never to grey
      - a matte white wall at 1 m reads as roughly 80% grey

      ## What we measured
      | Surface | Luminance | In the viewer |
      | --- | --- | --- |
      | Opal diffuser, 2700 K | 9,000 cd/m^2^ | emissive, strength 4 |
      | Brushed brass, lit | 120 cd/m^2^ | metallic 1.0, roughness 0.3 |
      | Textile cable | 4 cd/m^2^ | roughness 0.85 |

      The real trick is restraint: one bright thing per frame. If everything glows, nothing does.
    `,
    'de-DE': `
      Ein LED-Diffusor ist etwa 5.000-mal heller als das Messing drumherum. Kein Sensor hält beides aus, deshalb fotografieren Produktfotografen zweimal und montieren. In einem Echtzeit-Viewer können wir nicht montieren, wir müssen die Zahlen richtig setzen.

      ## Leuchten ist eine Materialeigenschaft
      In glTF ist eine leuchtende Fläche ein Material mit \`emissiveFactor\`. Allein endet das bei 1,0, der Helligkeit eines weißen Blatts Papier – das wirkt *beleuchtet*, nicht *leuchtend*. Die Erweiterung \`KHR_materials_emissive_strength\` hebt diese Grenze auf; unsere Opaldiffusoren nutzen den Wert 4.

      !entry:model-halo-pendant

      ## Die Belichtung gehört dem Viewer
      Wir rendern mit einer filmischen Tonwertkurve und fester Belichtung, so gewählt, dass:
      - das Messing der {{entry:model-halo-pendant}} auch in den Lichtern seine Farbe behält
      - der Diffusor in warmes Weiß clippt, nie in Grau
      - eine matte weiße Wand in 1 m Abstand als etwa 80 % Grau erscheint

      ## Was wir gemessen haben
      | Oberfläche | Leuchtdichte | Im Viewer |
      | --- | --- | --- |
      | Opaldiffusor, 2700 K | 9.000 cd/m^2^ | emissiv, Stärke 4 |
      | Gebürstetes Messing, beleuchtet | 120 cd/m^2^ | metallic 1,0, roughness 0,3 |
      | Textilkabel | 4 cd/m^2^ | roughness 0,85 |

      Der eigentliche Trick ist Zurückhaltung: ein helles Ding pro Bild. Wenn alles leuchtet, leuchtet nichts.
    `,
  },
};
