/** Contentful tags. Public ones are delivered with entries; the private one must never reach the site. */
export interface TagDefinition {
  id: string;
  name: string;
  visibility: 'public' | 'private';
}

export const TAGS: TagDefinition[] = [
  { id: 'design', name: 'Design', visibility: 'public' },
  { id: 'materials', name: 'Materials', visibility: 'public' },
  { id: 'lighting', name: 'Lighting', visibility: 'public' },
  { id: 'craft', name: 'Craft', visibility: 'public' },
  { id: 'sustainability', name: 'Sustainability', visibility: 'public' },
  { id: 'process', name: 'Process', visibility: 'public' },
  { id: 'capture', name: '3D capture', visibility: 'public' },
  { id: 'internalReview', name: 'Internal: needs legal review', visibility: 'private' },
];

export const PRIVATE_TAG_ID = 'internalReview';
