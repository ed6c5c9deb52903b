import type { PageData } from '../types.ts';

export const PRIVACY: PageData = {
  slug: 'privacy',
  publishedOn: '2025-01-08',
  title: { 'en-US': 'Privacy', 'de-DE': 'Datenschutz' },
  seoDescription: {
    'en-US': 'What Vitrine measures, what it does not, and how long anything is kept.',
    'de-DE': 'Was Vitrine misst, was nicht, und wie lange etwas gespeichert wird.',
  },
  body: {
    'en-US': `
      Short version: no cookies, no advertising, no third-party trackers. We count page views and measure loading speed ourselves, without identifying you.

      ## 1. What we collect
      ### 1.1 Page views
      When a page loads, a small script sends its path, the referrer's domain and your screen width to our own server. We do not store IP addresses.

      ### 1.2 Performance
      We measure how fast pages and 3D models load (Web Vitals) to keep the site quick on slow connections.

      #### Retention
      Raw events are aggregated daily and deleted after 30 days.

      ##### Aggregates
      Daily totals per page are kept for as long as the site exists.

      ###### Exports
      We never export or sell any of this data.

      ## 2. Search
      Search queries are processed on our own server or, where configured, by our search provider, and are not linked to you.

      ## 3. Your rights
      You can ask what we store about you, which is nothing personal, by writing to [privacy@vitrine.example](mailto:privacy@vitrine.example).
    `,
    'de-DE': `
      Kurz gesagt: keine Cookies, keine Werbung, keine Tracker von Dritten. Seitenaufrufe und Ladezeiten messen wir selbst, ohne Sie zu identifizieren.

      ## 1. Was wir erheben
      ### 1.1 Seitenaufrufe
      Beim Laden einer Seite sendet ein kleines Skript den Pfad, die Domain der verweisenden Seite und Ihre Bildschirmbreite an unseren eigenen Server. IP-Adressen speichern wir nicht.

      ### 1.2 Ladezeiten
      Wir messen, wie schnell Seiten und 3D-Modelle laden (Web Vitals), damit die Website auch bei langsamer Verbindung flott bleibt.

      #### Speicherdauer
      Rohdaten werden täglich zusammengefasst und nach 30 Tagen gelöscht.

      ##### Summen
      Tägliche Summen pro Seite bewahren wir auf, solange es die Website gibt.

      ###### Weitergabe
      Wir geben diese Daten niemals weiter und verkaufen sie nicht.

      ## 2. Suche
      Suchanfragen werden auf unserem eigenen Server oder, falls eingerichtet, bei unserem Suchanbieter verarbeitet und nicht mit Ihnen verknüpft.

      ## 3. Ihre Rechte
      Sie können jederzeit erfragen, was wir über Sie speichern – nämlich nichts Personenbezogenes – per E-Mail an [privacy@vitrine.example](mailto:privacy@vitrine.example).
    `,
  },
};
