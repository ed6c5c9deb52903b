import type { PageData } from '../types.ts';

export const ABOUT: PageData = {
  slug: 'about',
  publishedOn: '2025-01-08',
  title: { 'en-US': 'About Vitrine', 'de-DE': 'Über Vitrine' },
  seoTitle: { 'en-US': 'About the studio | Vitrine', 'de-DE': 'Über das Studio | Vitrine' },
  seoDescription: {
    'en-US': 'Vitrine is a small studio for furniture, lighting and objects, and a showcase that presents them in real-time 3D.',
    'de-DE': 'Vitrine ist ein kleines Studio für Möbel, Leuchten und Objekte – und eine Vitrine, die sie in Echtzeit-3D zeigt.',
  },
  ogImage: 'social-image',
  body: {
    'en-US': `
      # Things worth looking at twice
      Vitrine is a studio of two: a designer who trained as a cabinetmaker and a technical director who used to light cars. We make a small number of pieces, furniture, lamps and objects, and we show each of them the way we would in the workshop: from every side, in good light, with nothing hidden.

      ## Why 3D
      Photographs choose an angle for you. A model lets you choose. Every piece on this site can be turned, zoomed and, where it moves, animated; the files are the same standard glTF that any 3D tool can open.

      ## How we work
      1. We draw by hand, then build a full-size prototype in cheap timber.
      2. We make the real piece, use it for a month, and change what annoys us.
      3. We scan it, rebuild it as a clean model, and write down what we learned.

      Those notes become the [articles](entry:article-behind-the-vitrine) on this site. If you want to see the pieces in person, [visit the studio](entry:page-visit).

      > We would rather make one chair that lasts forty years than four that last ten.
    `,
    'de-DE': `
      # Dinge, die man zweimal ansieht
      Vitrine ist ein Studio zu zweit: eine Designerin, die Tischlerin gelernt hat, und ein Technischer Direktor, der früher Autos ins Licht gesetzt hat. Wir machen wenige Stücke – Möbel, Leuchten, Objekte – und zeigen jedes so, wie wir es in der Werkstatt tun würden: von allen Seiten, in gutem Licht, ohne etwas zu verstecken.

      ## Warum 3D
      Fotos wählen den Blickwinkel für Sie. Ein Modell lässt Sie wählen. Jedes Stück auf dieser Website lässt sich drehen, heranzoomen und, wo es sich bewegt, animieren; die Dateien sind gewöhnliches glTF, das jedes 3D-Programm öffnen kann.

      ## Wie wir arbeiten
      1. Wir zeichnen von Hand und bauen dann einen Prototyp in Originalgröße aus billigem Holz.
      2. Wir bauen das echte Stück, benutzen es einen Monat lang und ändern, was uns stört.
      3. Wir scannen es, bauen es als sauberes Modell nach und schreiben auf, was wir gelernt haben.

      Aus diesen Notizen werden die [Artikel](entry:article-behind-the-vitrine) auf dieser Website. Wer die Stücke in echt sehen möchte, [besucht das Studio](entry:page-visit).

      > Lieber einen Stuhl, der vierzig Jahre hält, als vier, die zehn halten.
    `,
  },
};
