import type { PageData } from '../types.ts';

export const IMPRINT: PageData = {
  slug: 'imprint',
  publishedOn: '2025-01-08',
  title: { 'en-US': 'Imprint', 'de-DE': 'Impressum' },
  body: {
    'en-US': `
      *Vitrine is a fictional studio created for a software demo. The details below are placeholders in the format a German imprint requires.*

      ## Provider
      Vitrine Studio GmbH (demo) \\
      Kanalufer 12, 10999 Berlin, Germany

      ## Contact
      Phone: [+49 30 1234 5678](tel:+493012345678) \\
      Email: [hello@vitrine.example](mailto:hello@vitrine.example)

      ## Represented by
      Mara Lindqvist, managing director

      ## Register
      Commercial register: Amtsgericht Charlottenburg, HRB 000000 (demo) \\
      VAT ID: DE000000000 (demo)

      ## Responsible for content
      Mara Lindqvist, address as above.
    `,
    'de-DE': `
      *Vitrine ist ein fiktives Studio, das für eine Software-Demo erfunden wurde. Die folgenden Angaben sind Platzhalter im Format eines deutschen Impressums.*

      ## Anbieterin
      Vitrine Studio GmbH (Demo) \\
      Kanalufer 12, 10999 Berlin

      ## Kontakt
      Telefon: [+49 30 1234 5678](tel:+493012345678) \\
      E-Mail: [hello@vitrine.example](mailto:hello@vitrine.example)

      ## Vertreten durch
      Mara Lindqvist, Geschäftsführerin

      ## Registereintrag
      Handelsregister: Amtsgericht Charlottenburg, HRB 000000 (Demo) \\
      USt-IdNr.: DE000000000 (Demo)

      ## Verantwortlich für den Inhalt
      Mara Lindqvist, Anschrift wie oben.
    `,
  },
};
