import type { ArticleData } from '../types.ts';

export const DESK_LAMP_BALANCE: ArticleData = {
  slug: 'the-balance-of-a-desk-lamp',
  author: 'mara-lindqvist',
  publishDate: '2025-11-18',
  tags: ['design', 'lighting'],
  hero: { kind: 'render', model: 'pivot-desk-lamp', azimuthDeg: 80, polarDeg: 76, background: ['#dfe3e6', '#a9b4bb'] },
  heroAlt: {
    'en-US': 'The Pivot desk lamp in profile, arm raised, on a cool grey background',
    'de-DE': 'Die Schreibtischleuchte Pivot im Profil mit erhobenem Arm vor kühlgrauem Hintergrund',
  },
  title: { 'en-US': 'The balance of a desk lamp', 'de-DE': 'Die Balance einer Schreibtischleuchte' },
  excerpt: {
    'en-US': 'A good task lamp stays exactly where you leave it. The physics behind that is a spring, a parallelogram and a lot of patient filing.',
    'de-DE': 'Eine gute Arbeitsleuchte bleibt genau dort, wo man sie loslässt. Dahinter stecken eine Feder, ein Parallelogramm und viel geduldiges Feilen.',
  },
  body: {
    'en-US': `
      Pick up a cheap desk lamp, tilt the arm and let go: it sags, or springs back. The lamp is fighting gravity with friction, and friction always loses eventually. A balanced lamp does not fight at all.

      ## A spring that matches the weight
      The torque that the head's weight puts on the lower joint grows with the sine of the arm's angle. A spring stretched between the base and a point on the arm produces a torque that grows the same way, if its anchor points are chosen right. Get the geometry right and the arm floats.

      ## What we got wrong first
      1. Our first prototype used a spring rated for 18 N. The production head weighs 410 g, so it shot upwards.
      2. The second had the right spring, but the knuckles were too tight; it stayed put, but felt stiff.
      3. The third is the {{entry:model-pivot-desk-lamp}} you can see below, with brass knuckles and a friction washer of __exactly 0.8 mm__.

      !entry:model-pivot-desk-lamp

      The model on its page loops through a slow reaching movement. That is a real glTF animation on the three joints, not a camera trick, so you can check that the head stays level while the arms move. Here is the same loop as a short video:

      !asset:video-pivot-reach

      For how we light lamps in 3D, see [Lamps are the hardest things to photograph](entry:article-rendering-light).
    `,
    'de-DE': `
      Man nehme eine billige Schreibtischleuchte, kippe den Arm und lasse los: Er sackt ab oder federt zurück. Die Leuchte kämpft mit Reibung gegen die Schwerkraft, und Reibung verliert irgendwann immer. Eine ausbalancierte Leuchte kämpft gar nicht erst.

      ## Eine Feder, die zum Gewicht passt
      Das Drehmoment, das der Kopf am unteren Gelenk erzeugt, wächst mit dem Sinus des Armwinkels. Eine Feder zwischen Fuß und einem Punkt am Arm erzeugt ein Drehmoment, das genauso wächst – wenn ihre Ankerpunkte richtig gewählt sind. Stimmt die Geometrie, schwebt der Arm.

      ## Was wir zuerst falsch gemacht haben
      1. Der erste Prototyp hatte eine Feder für 18 N. Der Serienkopf wiegt 410 g – der Arm schoss nach oben.
      2. Der zweite hatte die richtige Feder, aber zu stramme Gelenke; er hielt die Position, fühlte sich aber zäh an.
      3. Der dritte ist die {{entry:model-pivot-desk-lamp}} unten, mit Messinggelenken und einer Reibscheibe von __genau 0,8 mm__.

      !entry:model-pivot-desk-lamp

      Das Modell auf ihrer Seite vollführt in einer Schleife eine langsame Greifbewegung. Das ist eine echte glTF-Animation an den drei Gelenken, kein Kameratrick – man kann also prüfen, ob der Kopf waagerecht bleibt, während sich die Arme bewegen. Hier dieselbe Schleife als kurzes Video:

      !asset:video-pivot-reach

      Wie wir Leuchten in 3D ins Licht setzen, steht in [Leuchten sind am schwersten zu fotografieren](entry:article-rendering-light).
    `,
  },
};
