import type { ArticleData } from '../types.ts';

export const WINTER_WEEK: ArticleData = {
  slug: 'a-winter-week-in-the-workshop',
  author: 'mara-lindqvist',
  publishDate: '2026-01-20',
  tags: ['craft'],
  hero: { kind: 'abstract', motif: 'grain', palette: ['#e8ecef', '#8ea1ad', '#4b5d69', '#f4efe6', '#2f3a42'] },
  heroAlt: {
    'en-US': 'Cool blue lines like wood grain under a pale winter sun',
    'de-DE': 'Kühle blaue Linien wie Holzmaserung unter einer blassen Wintersonne',
  },
  title: { 'en-US': 'A winter week in the workshop', 'de-DE': 'Eine Winterwoche in der Werkstatt' },
  excerpt: {
    'en-US': 'Five days in January, when the timber is dry, the orders are quiet and there is finally time to make things nobody asked for.',
    'de-DE': 'Fünf Tage im Januar, wenn das Holz trocken ist, die Aufträge ruhen und endlich Zeit ist für Dinge, um die niemand gebeten hat.',
  },
  body: {
    'en-US': `
      January is the best month in a woodworking shop. The heating has been on for weeks, the timber in the rack has settled at 8% moisture, and the rush before the holidays is over.

      ## Monday: sharpening
      A whole morning at the stones: 1000, 4000, 8000 grit, then a leather strop. Nothing gets made, and everything afterwards goes faster.

      ## Tuesday and Wednesday: bowls
      Twelve walnut offcuts from the autumn table orders, rough-turned in October, had finally dried. Nine survived without cracks; they became the next batch of the {{entry:model-turned-walnut-bowl}}.

      ## Thursday: a new mallet
      Our old carving mallet split along the handle after eleven years. Its replacement has a brass ferrule, and it turned out well enough that we scanned it: the {{entry:model-carvers-mallet}}.

      ## Friday: drawings
      The rest of the week went into sketches for spring. We are not ready to show them yet, but you can get a glimpse in [the spring preview](entry:article-spring-collection-preview), once it is published.

      ---

      *Workshop temperature all week: 17 °C. Coffee consumed: unrecorded.*
    `,
    'de-DE': `
      Der Januar ist der beste Monat in einer Holzwerkstatt. Die Heizung läuft seit Wochen, das Holz im Lager hat sich bei 8 % Feuchte eingependelt, und der Trubel vor den Feiertagen ist vorbei.

      ## Montag: Schärfen
      Ein ganzer Vormittag an den Steinen: Körnung 1000, 4000, 8000, dann ein Lederriemen. Es entsteht nichts, und alles danach geht schneller.

      ## Dienstag und Mittwoch: Schalen
      Zwölf Nussbaumreste aus den Tischaufträgen im Herbst, im Oktober nass vorgedreht, waren endlich trocken. Neun haben es ohne Risse geschafft; aus ihnen wird die nächste Serie: {{entry:model-turned-walnut-bowl}}.

      ## Donnerstag: ein neuer Knüpfel
      Unser alter Schnitzknüpfel ist nach elf Jahren am Stiel gerissen. Sein Nachfolger hat eine Messingzwinge und ist so gut geworden, dass wir ihn gescannt haben: der {{entry:model-carvers-mallet}}.

      ## Freitag: Zeichnungen
      Der Rest der Woche ging in Skizzen für das Frühjahr. Zeigen wollen wir sie noch nicht, aber einen ersten Blick gibt es in [der Frühjahrsvorschau](entry:article-spring-collection-preview), sobald sie erscheint.

      ---

      *Werkstatttemperatur die ganze Woche: 17 °C. Kaffeeverbrauch: nicht erfasst.*
    `,
  },
};
