import type { Localized } from '../lib/ids.ts';

export const SITE_SETTINGS = {
  name: { 'en-US': 'Vitrine', 'de-DE': 'Vitrine' } satisfies Localized<string>,
  description: {
    'en-US': 'Furniture, lighting and objects in real-time 3D, and the stories of how they are designed, made and captured.',
    'de-DE': 'Möbel, Leuchten und Objekte in Echtzeit-3D – und die Geschichten dahinter: wie sie entworfen, gebaut und digitalisiert werden.',
  } satisfies Localized<string>,
  navigation: {
    'en-US': [
      { label: 'Models', path: '/models' },
      { label: 'Articles', path: '/articles' },
      { label: 'About', path: '/about' },
      { label: 'Visit', path: '/visit' },
    ],
    'de-DE': [
      { label: 'Modelle', path: '/models' },
      { label: 'Artikel', path: '/articles' },
      { label: 'Über uns', path: '/about' },
      { label: 'Besuch', path: '/visit' },
    ],
  } satisfies Localized<{ label: string; path: string }[]>,
  footer: {
    'en-US': `
      **Vitrine** is a demo studio. Every model, image and word on this site was generated for it and may be reused freely under [CC0 1.0](https://creativecommons.org/publicdomain/zero/1.0/).

      [Imprint](entry:page-imprint) · [Privacy](entry:page-privacy) · [Press](entry:page-press) · [hello@vitrine.example](mailto:hello@vitrine.example)
    `,
    'de-DE': `
      **Vitrine** ist ein Demo-Studio. Alle Modelle, Bilder und Texte dieser Website wurden eigens dafür erzeugt und dürfen unter [CC0 1.0](https://creativecommons.org/publicdomain/zero/1.0/deed.de) frei weiterverwendet werden.

      [Impressum](entry:page-imprint) · [Datenschutz](entry:page-privacy) · [Presse](entry:page-press) · [hello@vitrine.example](mailto:hello@vitrine.example)
    `,
  } satisfies Localized<string>,
};
