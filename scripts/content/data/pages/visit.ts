import type { PageData } from '../types.ts';

export const VISIT: PageData = {
  slug: 'visit',
  publishedOn: '2025-01-08',
  title: { 'en-US': 'Visit the studio', 'de-DE': 'Besuch im Studio' },
  seoTitle: { 'en-US': 'Visit the studio | Vitrine', 'de-DE': 'Besuch im Studio | Vitrine' },
  seoDescription: {
    'en-US': 'Opening hours, directions and how to book a visit to the Vitrine workshop.',
  },
  body: {
    'en-US': `
      The workshop and showroom share one courtyard building. Most pieces on this site are there to sit on, switch on and pick up.

      ## Opening hours
      | Day | Hours |
      | --- | --- |
      | Thursday and Friday | 12:00 – 18:00 |
      | Saturday | 11:00 – 16:00 |
      | Other days | by appointment |

      ## Getting here
      1. Take the U-Bahn to the stop at the canal and leave by the south exit.
      2. Walk two minutes along the water to the green gate at number 12.
      3. Cross the courtyard; we are on the ground floor, the door with the brass handle.

      The showroom is step-free; the workshop upstairs is not.

      ## Booking a visit
      Call us on [+49 30 1234 5678](tel:+493012345678) or write to [visit@vitrine.example](mailto:visit@vitrine.example). For groups of more than six, please give us a week's notice, so we can clear the benches.
    `,
    'de-DE': `
      Werkstatt und Ausstellungsraum teilen sich ein Hofgebäude. Die meisten Stücke dieser Website stehen dort zum Draufsetzen, Einschalten und In-die-Hand-Nehmen.

      ## Öffnungszeiten
      | Tag | Zeiten |
      | --- | --- |
      | Donnerstag und Freitag | 12:00 – 18:00 Uhr |
      | Samstag | 11:00 – 16:00 Uhr |
      | Andere Tage | nach Vereinbarung |

      ## Anfahrt
      1. Mit der U-Bahn bis zur Station am Kanal, Ausgang Süd.
      2. Zwei Minuten am Wasser entlang bis zum grünen Tor mit der Nummer 12.
      3. Über den Hof; wir sind im Erdgeschoss, die Tür mit dem Messinggriff.

      Der Ausstellungsraum ist stufenlos erreichbar, die Werkstatt im ersten Stock leider nicht.

      ## Besuch vereinbaren
      Rufen Sie uns an unter [+49 30 1234 5678](tel:+493012345678) oder schreiben Sie an [visit@vitrine.example](mailto:visit@vitrine.example). Für Gruppen ab sechs Personen bitte eine Woche Vorlauf, damit wir die Hobelbänke freiräumen können.
    `,
  },
};
