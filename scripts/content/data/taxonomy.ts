import { toLink } from '../lib/ids.ts';

import type { Localized } from '../lib/ids.ts';

/**
 * The `product-categories` concept scheme, in the shapes the CDA
 * `taxonomy/concepts` and `taxonomy/concept-schemes` endpoints return.
 */
interface ConceptInput {
  id: string;
  label: Localized<string>;
  broader?: string;
  related?: string[];
  altLabels?: Localized<string[]>;
  hiddenLabels?: Localized<string[]>;
  definition?: Localized<string>;
  note?: Localized<string>;
  notation: string;
}

export const SCHEME_ID = 'product-categories';
const URI_BASE = 'https://vitrine.example/taxonomy';
const CREATED_AT = '2024-11-04T10:15:00.000Z';

const CONCEPTS: ConceptInput[] = [
  {
    id: 'furniture',
    notation: 'F',
    label: { 'en-US': 'Furniture', 'de-DE': 'Möbel' },
    definition: {
      'en-US': 'Movable objects that support the body or hold things: seating, tables, storage.',
      'de-DE': 'Bewegliche Gegenstände, die den Körper stützen oder Dinge aufnehmen: Sitzmöbel, Tische, Aufbewahrung.',
    },
  },
  {
    id: 'seating',
    notation: 'F.1',
    broader: 'furniture',
    label: { 'en-US': 'Seating', 'de-DE': 'Sitzmöbel' },
    altLabels: { 'en-US': ['Seats'], 'de-DE': ['Sitze'] },
  },
  {
    id: 'chairs',
    notation: 'F.1.1',
    broader: 'seating',
    related: ['tables'],
    label: { 'en-US': 'Chairs', 'de-DE': 'Stühle' },
    altLabels: { 'en-US': ['Armchairs', 'Lounge chairs'], 'de-DE': ['Sessel', 'Loungesessel'] },
    hiddenLabels: { 'en-US': ['chiars'], 'de-DE': ['Stuhl'] },
  },
  { id: 'stools', notation: 'F.1.2', broader: 'seating', related: ['chairs'], label: { 'en-US': 'Stools', 'de-DE': 'Hocker' } },
  {
    id: 'tables',
    notation: 'F.2',
    broader: 'furniture',
    related: ['chairs', 'desk-lamps'],
    label: { 'en-US': 'Tables', 'de-DE': 'Tische' },
    altLabels: { 'en-US': ['Desks', 'Dining tables'], 'de-DE': ['Schreibtische', 'Esstische'] },
  },
  {
    id: 'storage',
    notation: 'F.3',
    broader: 'furniture',
    label: { 'en-US': 'Storage', 'de-DE': 'Aufbewahrung' },
    altLabels: { 'en-US': ['Shelving'], 'de-DE': ['Regale'] },
  },
  {
    id: 'lighting',
    notation: 'L',
    label: { 'en-US': 'Lighting', 'de-DE': 'Leuchten' },
    definition: { 'en-US': 'Luminaires for tables, ceilings and walls.', 'de-DE': 'Leuchten für Tisch, Decke und Wand.' },
    note: { 'en-US': 'Light sources themselves (bulbs, LED modules) are not products here.' },
  },
  {
    id: 'desk-lamps',
    notation: 'L.1',
    broader: 'lighting',
    related: ['tables'],
    label: { 'en-US': 'Desk lamps', 'de-DE': 'Schreibtischleuchten' },
    altLabels: { 'en-US': ['Task lights'], 'de-DE': ['Arbeitsleuchten'] },
  },
  {
    id: 'pendant-lamps',
    notation: 'L.2',
    broader: 'lighting',
    label: { 'en-US': 'Pendant lamps', 'de-DE': 'Pendelleuchten' },
    altLabels: { 'en-US': ['Ceiling lights'], 'de-DE': ['Hängeleuchten'] },
  },
  {
    id: 'objects',
    notation: 'O',
    label: { 'en-US': 'Objects', 'de-DE': 'Objekte' },
    definition: { 'en-US': 'Small things for the table, the shelf and the workbench.', 'de-DE': 'Kleine Dinge für Tisch, Regal und Werkbank.' },
  },
  {
    id: 'vessels',
    notation: 'O.1',
    broader: 'objects',
    label: { 'en-US': 'Vessels', 'de-DE': 'Gefäße' },
    altLabels: { 'en-US': ['Vases', 'Bowls'], 'de-DE': ['Vasen', 'Schalen'] },
  },
  {
    id: 'tools',
    notation: 'O.2',
    broader: 'objects',
    label: { 'en-US': 'Tools', 'de-DE': 'Werkzeuge' },
    hiddenLabels: { 'en-US': ['tooling'], 'de-DE': ['Werkzeug'] },
  },
];

function toConcept(input: ConceptInput) {
  const empty = { 'en-US': [] as string[], 'de-DE': [] as string[] };
  return {
    sys: { id: input.id, type: 'TaxonomyConcept', createdAt: CREATED_AT, updatedAt: CREATED_AT, version: 2 },
    uri: `${URI_BASE}/${input.id}`,
    prefLabel: input.label,
    altLabels: input.altLabels ?? empty,
    hiddenLabels: input.hiddenLabels ?? empty,
    note: input.note ?? null,
    changeNote: null,
    definition: input.definition ?? null,
    editorialNote: null,
    example: null,
    historyNote: null,
    scopeNote: null,
    notations: [input.notation],
    broader: input.broader ? [toLink('TaxonomyConcept', input.broader)] : [],
    related: (input.related ?? []).map((id) => toLink('TaxonomyConcept', id)),
    conceptSchemes: [toLink('TaxonomyConceptScheme', SCHEME_ID)],
  };
}

export function getTaxonomy() {
  const concepts = CONCEPTS.map(toConcept);
  const scheme = {
    sys: { id: SCHEME_ID, type: 'TaxonomyConceptScheme', createdAt: CREATED_AT, updatedAt: CREATED_AT, version: 3 },
    uri: `${URI_BASE}/${SCHEME_ID}`,
    prefLabel: { 'en-US': 'Product categories', 'de-DE': 'Produktkategorien' },
    definition: { 'en-US': 'What kind of product a model shows.', 'de-DE': 'Welche Art von Produkt ein Modell zeigt.' },
    topConcepts: CONCEPTS.filter((concept) => !concept.broader).map((concept) => toLink('TaxonomyConcept', concept.id)),
    concepts: CONCEPTS.map((concept) => toLink('TaxonomyConcept', concept.id)),
    totalConcepts: CONCEPTS.length,
  };
  return { conceptSchemes: [scheme], concepts };
}

export const CONCEPT_IDS = CONCEPTS.map((concept) => concept.id);
