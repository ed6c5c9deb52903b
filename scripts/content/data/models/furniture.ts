import type { ModelData } from '../types.ts';

export const FURNITURE_MODELS: ModelData[] = [
  {
    slug: 'ostra-lounge-chair',
    variant: 'textured',
    concept: 'chairs',
    tags: ['design', 'materials', 'craft'],
    featured: true,
    autoRotate: false,
    camera: { azimuthDeg: 35, polarDeg: 68 },
    poster: { background: ['#f1ebe3', '#d8cdbf'] },
    publishedOn: '2025-01-14',
    name: { 'en-US': 'Ostra Lounge Chair', 'de-DE': 'Ostra Loungesessel' },
    summary: {
      'en-US': 'A low lounge chair in oiled oak with loose cushions in boiled wool. Every joint is screwed, so every part can be replaced.',
      'de-DE': 'Ein niedriger Sessel aus geölter Eiche mit losen Kissen aus Walkloden. Alle Verbindungen sind geschraubt, jedes Teil lässt sich ersetzen.',
    },
    description: {
      'en-US': `
        The Ostra started as a question from a client who had thrown away three armchairs in ten years: *why does a chair die when only its upholstery is worn?* Our answer is a frame that never needs glue and cushions that lift out.

        ## Materials
        - Frame in solid European oak, finished with a hardwax oil you can refresh with a cloth
        - Cushions in boiled wool over a latex core, covers zipped at the back
        - Brass threaded inserts in every joint
          - six M6 bolts hold the whole frame together
          - one 4 mm hex key does all of them

        The model on this page carries real textures: a wood-grain colour map and a normal map, so the grain catches the light when you turn it. Read how we choose between oak, ash and walnut in [Oak, ash or walnut](entry:article-oak-ash-walnut).
      `,
      'de-DE': `
        Am Anfang des Ostra stand die Frage einer Kundin, die in zehn Jahren drei Sessel weggeworfen hatte: *Warum stirbt ein Sessel, wenn nur der Bezug verschlissen ist?* Unsere Antwort ist ein Gestell ganz ohne Leim und Kissen, die man einfach herausnimmt.

        ## Materialien
        - Gestell aus massiver europäischer Eiche, behandelt mit Hartwachsöl, das sich mit einem Tuch auffrischen lässt
        - Kissen aus Walkloden über einem Latexkern, Bezüge hinten mit Reißverschluss
        - Gewindemuffen aus Messing in jeder Verbindung
          - sechs M6-Schrauben halten das ganze Gestell
          - ein einziger 4-mm-Inbusschlüssel genügt für alle

        Das Modell auf dieser Seite trägt echte Texturen: eine Farbtextur mit Holzmaserung und eine Normal-Map, damit die Maserung beim Drehen das Licht fängt. Wie wir zwischen Eiche, Esche und Nussbaum wählen, steht in [Eiche, Esche oder Nussbaum](entry:article-oak-ash-walnut).
      `,
    },
  },
  {
    slug: 'kerf-dining-table',
    variant: 'draco',
    concept: 'tables',
    tags: ['design', 'craft'],
    featured: true,
    autoRotate: false,
    camera: { azimuthDeg: 30, polarDeg: 64 },
    poster: { background: ['#efe7dc', '#d3c4b1'], fill: 0.5 },
    publishedOn: '2025-01-28',
    name: { 'en-US': 'Kerf Dining Table', 'de-DE': 'Kerf Esstisch' },
    summary: {
      'en-US': 'A two-metre trestle table in solid walnut that seats eight and comes apart into five pieces for moving day.',
      'de-DE': 'Ein zwei Meter langer Bocktisch aus massivem Nussbaum für acht Personen, der sich zum Umzug in fünf Teile zerlegen lässt.',
    },
    description: {
      'en-US': `
        Kerf takes its name from the slot a saw leaves behind. The two trestles are joined by a single stretcher that passes through them and is locked with oak wedges: knock the wedges out and the table folds flat.

        | Dimension | Value |
        | --- | --- |
        | Length | 2000 mm |
        | Width | 900 mm |
        | Height | 740 mm |
        | Weight | 46 kg |

        This model is delivered **Draco-compressed** (\`KHR_draco_mesh_compression\`): the geometry is a fraction of its raw size and is decoded in a web worker. The full spec sheet is a [PDF download](asset:kerf-spec-sheet).
      `,
      'de-DE': `
        Kerf heißt auf Englisch der Schnittspalt, den eine Säge hinterlässt. Die beiden Böcke verbindet eine einzige Traverse, die durch sie hindurchgeführt und mit Eichenkeilen gesichert wird: Keile heraus, und der Tisch liegt flach.

        | Maß | Wert |
        | --- | --- |
        | Länge | 2000 mm |
        | Breite | 900 mm |
        | Höhe | 740 mm |
        | Gewicht | 46 kg |

        Dieses Modell wird **Draco-komprimiert** ausgeliefert (\`KHR_draco_mesh_compression\`): Die Geometrie ist nur ein Bruchteil so groß wie unkomprimiert und wird in einem Web Worker dekodiert. Das vollständige Datenblatt gibt es als [PDF zum Herunterladen](asset:kerf-spec-sheet).
      `,
    },
  },
  {
    slug: 'tripod-stool',
    variant: 'gltf',
    concept: 'stools',
    tags: ['craft', 'materials'],
    featured: false,
    autoRotate: true,
    camera: { azimuthDeg: 20, polarDeg: 66 },
    poster: { background: ['#eef0ea', '#cfd6cb'] },
    publishedOn: '2025-03-11',
    name: { 'en-US': 'Tripod Stool', 'de-DE': 'Dreibein-Hocker' },
    summary: {
      'en-US': 'Three splayed ash legs, a turned seat and a blackened steel ring. Three legs never wobble, even on a workshop floor.',
      'de-DE':
        'Drei gespreizte Eschenbeine, eine gedrechselte Sitzfläche und ein brünierter Stahlring. Drei Beine wackeln nie, auch nicht auf dem Werkstattboden.',
    },
    description: {
      'en-US': `
        A stool is the first piece of furniture most apprentices make, and the one they keep. Ours is turned from a single ash blank; the legs are wedged into tapered holes so they tighten as they dry.

        Technically this is our *plain* glTF: a \`.gltf\` JSON file with its geometry in a separate \`.bin\` file and its textures as separate JPEGs, all next to each other so the relative URIs resolve. Open the asset folder and you can read the scene in a text editor.
      `,
      'de-DE': `
        Ein Hocker ist oft das erste Möbel, das Auszubildende bauen – und das, was sie behalten. Unserer ist aus einem einzigen Eschenrohling gedrechselt; die Beine sind in konische Löcher verkeilt und sitzen fester, je trockener das Holz wird.

        Technisch ist das unser *offenes* glTF: eine \`.gltf\`-JSON-Datei, deren Geometrie in einer separaten \`.bin\`-Datei und deren Texturen als einzelne JPEGs daneben liegen, damit die relativen URIs aufgelöst werden. Man kann die Szene im Texteditor lesen.
      `,
    },
  },
  {
    slug: 'ladder-shelf',
    variant: 'meshopt',
    concept: 'storage',
    tags: ['design', 'sustainability'],
    featured: false,
    autoRotate: false,
    camera: { azimuthDeg: 40, polarDeg: 72 },
    poster: { background: ['#f2eee6', '#dcd3c4'], fill: 0.74 },
    publishedOn: '2025-06-17',
    name: { 'en-US': 'Ladder Shelf', 'de-DE': 'Leiterregal' },
    summary: {
      'en-US': 'Five oak boards on two leaning ash rails. It needs no wall anchors and leaves no holes when you move out.',
    },
    description: {
      'en-US': `
        Rented flats have rules about drilling. The Ladder Shelf leans: its weight and a felt pad keep it against the wall, and a single strap behind the top board satisfies the safety standard for tall furniture.

        The boards get shallower towards the top, 400 mm at the bottom and 100 mm at the top, so the centre of gravity stays low. The file uses \`EXT_meshopt_compression\`, decoded by a small WebAssembly module.
      `,
      'de-DE': `
        In Mietwohnungen gelten Regeln fürs Bohren. Das Leiterregal lehnt nur: Sein Gewicht und ein Filzpolster halten es an der Wand, ein einzelner Gurt hinter dem obersten Brett erfüllt die Sicherheitsnorm für hohe Möbel.

        Die Bretter werden nach oben schmaler, unten 400 mm, oben 100 mm, damit der Schwerpunkt tief bleibt. Die Datei nutzt \`EXT_meshopt_compression\` und wird von einem kleinen WebAssembly-Modul dekodiert.
      `,
    },
  },
];
