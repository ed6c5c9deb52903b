import type { ModelData } from '../types.ts';

export const LIGHTING_AND_OBJECT_MODELS: ModelData[] = [
  {
    slug: 'pivot-desk-lamp',
    variant: 'animated',
    concept: 'desk-lamps',
    tags: ['lighting', 'design'],
    featured: true,
    autoRotate: false,
    camera: { azimuthDeg: 55, polarDeg: 70 },
    poster: { background: ['#ecebe8', '#cdd0d2'] },
    publishedOn: '2025-02-04',
    name: { 'en-US': 'Pivot Desk Lamp', 'de-DE': 'Pivot Schreibtischleuchte' },
    summary: {
      'en-US': 'A balanced-arm task lamp with a tension spring, three brass knuckles and a warm 2700 K diffuser. It stays where you leave it.',
      'de-DE': 'Eine Arbeitsleuchte mit ausbalanciertem Arm, Zugfeder, drei Messinggelenken und warmweißem 2700-K-Diffusor. Sie bleibt, wo man sie hinstellt.',
    },
    description: {
      'en-US': `
        The Pivot is a study in balance: the spring on the lower arm carries the weight of the head, so the joints need almost no friction and the lamp moves with one finger.

        1. Lower arm: 360 mm, pivots on the base
        2. Upper arm: 320 mm, counter-rotates to keep the head level
        3. Head: a spun aluminium shade with an opal diffuser

        This model contains a real glTF **animation** called *Reach*: three rotation channels on the joints, looping every six seconds. See the mechanics explained in [The balance of a desk lamp](entry:article-the-balance-of-a-desk-lamp).
      `,
      'de-DE': `
        Die Pivot ist eine Studie in Balance: Die Feder am unteren Arm trägt das Gewicht des Kopfes, deshalb brauchen die Gelenke kaum Reibung, und die Leuchte lässt sich mit einem Finger bewegen.

        1. Unterer Arm: 360 mm, dreht sich auf dem Fuß
        2. Oberer Arm: 320 mm, dreht gegenläufig, damit der Kopf waagerecht bleibt
        3. Kopf: ein gedrückter Aluminiumschirm mit opalem Diffusor

        Dieses Modell enthält eine echte glTF-**Animation** namens *Reach*: drei Rotationskanäle an den Gelenken, die sich alle sechs Sekunden wiederholen. Die Mechanik erklärt [Die Balance einer Schreibtischleuchte](entry:article-the-balance-of-a-desk-lamp).
      `,
    },
  },
  {
    slug: 'halo-pendant',
    variant: 'meshopt',
    concept: 'pendant-lamps',
    tags: ['lighting', 'materials'],
    featured: true,
    autoRotate: true,
    camera: { azimuthDeg: 20, polarDeg: 78 },
    poster: { background: ['#f0ece6', '#d6cfc5'], floating: true, fill: 0.72 },
    publishedOn: '2025-04-01',
    name: { 'en-US': 'Halo Pendant', 'de-DE': 'Halo Pendelleuchte' },
    summary: {
      'en-US': 'A 600 mm ring of brushed brass with an opal LED channel underneath, hung from three textile cables.',
      'de-DE': 'Ein Ring aus gebürstetem Messing, 600 mm im Durchmesser, mit opalem LED-Kanal an der Unterseite, abgehängt an drei Textilkabeln.',
    },
    description: {
      'en-US': `
        Halo lights a dining table without ever showing you a bare light source: the LEDs sit in a channel on the underside of the ring, behind an opal diffuser, and the brass above reflects a soft glow back onto the ceiling.

        > A lamp is a piece of furniture for eight hours a day and a light source for the rest.

        The file is compressed with \`EXT_meshopt_compression\`. The opal diffuser uses \`KHR_materials_emissive_strength\`, so it glows in the viewer even without scene lights.
      `,
      'de-DE': `
        Halo beleuchtet einen Esstisch, ohne je ein nacktes Leuchtmittel zu zeigen: Die LEDs liegen in einem Kanal an der Unterseite des Rings hinter einem opalen Diffusor, und das Messing darüber wirft ein weiches Licht an die Decke.

        > Eine Leuchte ist acht Stunden am Tag ein Möbel und den Rest der Zeit eine Lichtquelle.

        Die Datei ist mit \`EXT_meshopt_compression\` komprimiert. Der opale Diffusor nutzt \`KHR_materials_emissive_strength\` und leuchtet deshalb im Viewer auch ohne Szenenlicht.
      `,
    },
  },
  {
    slug: 'tide-vase',
    variant: 'glb',
    concept: 'vessels',
    tags: ['craft', 'materials'],
    featured: true,
    autoRotate: true,
    camera: { azimuthDeg: 25, polarDeg: 70 },
    poster: { background: ['#eef1ee', '#cdd6d0'], fill: 0.7 },
    publishedOn: '2025-05-20',
    name: { 'en-US': 'Tide Vase', 'de-DE': 'Vase Tide' },
    summary: {
      'en-US': 'Thrown stoneware in a pale celadon glaze, with faint throwing rings and an unglazed foot.',
      'de-DE': 'Gedrehtes Steinzeug mit heller Seladonglasur, feinen Drehrillen und unglasiertem Fuß.',
    },
    description: {
      'en-US': `
        The Tide Vase is thrown on the wheel in one piece and glazed by dipping, which is why the glaze stops a few millimetres above the foot. The faint rings on the belly are the potter's fingertips, kept on purpose.

        This is our reference **plain GLB**: no compression, no textures, no extensions. If it does not load, nothing will.
      `,
      'de-DE': `
        Die Vase Tide wird in einem Stück auf der Scheibe gedreht und getaucht glasiert – deshalb endet die Glasur ein paar Millimeter über dem Fuß. Die feinen Rillen am Bauch stammen von den Fingerkuppen der Töpferin und sind gewollt.

        Sie ist unser Referenz-**GLB ohne Extras**: keine Kompression, keine Texturen, keine Erweiterungen. Wenn diese Datei nicht lädt, lädt keine.
      `,
    },
  },
  {
    slug: 'turned-walnut-bowl',
    variant: 'draco',
    concept: 'vessels',
    tags: ['craft', 'sustainability'],
    featured: false,
    autoRotate: true,
    camera: { azimuthDeg: 30, polarDeg: 58 },
    poster: { background: ['#f0e9e1', '#d5c7b8'], fill: 0.5 },
    publishedOn: '2025-05-13',
    name: { 'en-US': 'Turned Walnut Bowl', 'de-DE': 'Gedrechselte Nussbaumschale' },
    summary: {
      'en-US': 'A wide, thin-walled bowl turned from an offcut of the Kerf table tops. Oil finish, food safe.',
      'de-DE': 'Eine weite, dünnwandige Schale, gedrechselt aus einem Reststück der Kerf-Tischplatten. Geölt und lebensmittelecht.',
    },
    description: {
      'en-US': `
        Every walnut table top leaves offcuts too short for furniture and too beautiful for the stove. We rough-turn them green, let them rest for a season in paper bags, then turn them to a 6 mm wall.

        Like the table it came from, the model is Draco-compressed.
      `,
      'de-DE': `
        Jede Nussbaum-Tischplatte hinterlässt Reststücke, zu kurz für Möbel und zu schön für den Ofen. Wir drehen sie nass vor, lassen sie eine Saison in Papiertüten ruhen und drehen sie dann auf 6 mm Wandstärke fertig.

        Wie der Tisch, von dem es stammt, ist auch dieses Modell Draco-komprimiert.
      `,
    },
  },
  {
    slug: 'carvers-mallet',
    variant: 'ktx2',
    concept: 'tools',
    tags: ['craft'],
    featured: false,
    autoRotate: false,
    camera: { azimuthDeg: 30, polarDeg: 72 },
    poster: { background: ['#efebe4', '#d6ccbd'], fill: 0.7 },
    publishedOn: '2025-11-04',
    name: { 'en-US': "Carver's Mallet", 'de-DE': 'Bildhauerknüpfel' },
    summary: {
      'en-US': 'A round mallet with a steamed-beech head, an ash handle and a brass ferrule. 620 g, balanced for a long day of carving.',
      'de-DE': 'Ein runder Knüpfel mit Kopf aus gedämpfter Buche, Eschenstiel und Messingzwinge. 620 g, ausbalanciert für einen langen Tag am Schnitzbock.',
    },
    description: {
      'en-US': `
        Round mallets strike the chisel the same way from every side, so you never look at the tool, only at the cut. The head is steamed beech, which is dense and forgiving; the brass ferrule stops the handle from splitting.

        Its wood textures are KTX2 (Basis Universal): they stay compressed on the graphics card, and the decoder comes from this site like everything else. Also a reminder that the workshop tools deserve a showcase too.
      `,
      'de-DE': `
        Ein runder Knüpfel trifft das Eisen von jeder Seite gleich, man schaut also nie aufs Werkzeug, nur auf den Schnitt. Der Kopf ist aus gedämpfter Buche, dicht und nachgiebig zugleich; die Messingzwinge verhindert, dass der Stiel reißt.

        Seine Holztexturen liegen im Format KTX2 (Basis Universal) vor: Sie bleiben auf der Grafikkarte komprimiert, und den Decoder liefert diese Website wie alles andere. Außerdem eine Erinnerung daran, dass auch Werkzeug eine Vitrine verdient.
      `,
    },
  },
];
