import { ALL_TAGS_DEPENDENCY, tagDependency, TAXONOMY_DEPENDENCY } from '#server/services/content/taxonomy.ts';
import { HttpError } from '#shared/http/http-error.ts';
import { LOCALES } from '#shared/content/types.ts';

import type { ContentChange, MetadataChange } from '#server/services/content/content-events.ts';
import type { ContentService } from '#server/services/content/content-service.ts';

/** What the webhook reads of Contentful's body (the changed entity in its CMA shape). */
interface WebhookBody {
  sys?: { id?: unknown; type?: unknown; contentType?: { sys?: { id?: unknown } } };
}

const ENTITY_ACTIONS = new Set(['publish', 'unpublish', 'delete', 'archive', 'unarchive']);
/** Tags are never published: a saved tag is live in the CDA at once. */
const TAG_ACTIONS = new Set(['create', 'save', 'delete']);
const TAXONOMY_ACTIONS = new Set(['create', 'save', 'delete', 'publish', 'unpublish']);

/** Contentful's id alphabet: an id goes into CDA queries and cache markers, so nothing else gets through. */
const CONTENTFUL_ID = /^[A-Za-z0-9._-]{1,64}$/;

const NAMES: Record<MetadataChange['entityType'], string> = { Tag: 'a tag', TaxonomyConcept: 'a taxonomy concept', TaxonomyConceptScheme: 'a concept scheme' };

/**
 * The change a webhook topic (`ContentManagement.<Entity>.<action>`) reports, or undefined when it is not acted on (other
 * entities, drafts, comments…); a body that does not name what the topic is about is a 400.
 */
export async function toContentChange(topic: string, payload: WebhookBody, content: ContentService): Promise<ContentChange | undefined> {
  const [, entity = '', action = ''] = topic.split('.');
  if ((entity === 'Entry' || entity === 'Asset') && ENTITY_ACTIONS.has(action)) return toEntityChange(payload, action, content);
  if (entity === 'Tag' && TAG_ACTIONS.has(action)) {
    const id = metadataId(payload, entity);
    // Entries carrying the tag show its name in their search records.
    return { action, entityType: entity, id, affectedIds: await content.getTaggedEntryIds(id), markers: [tagDependency(id), ALL_TAGS_DEPENDENCY] };
  }
  if ((entity === 'TaxonomyConcept' || entity === 'TaxonomyConceptScheme') && TAXONOMY_ACTIONS.has(action)) {
    // One marker for the whole taxonomy (docs/decisions/010-tag-and-taxonomy-dependencies.md).
    return { action, entityType: entity, id: metadataId(payload, entity), affectedIds: [], markers: [TAXONOMY_DEPENDENCY] };
  }
  return undefined;
}

async function toEntityChange(payload: WebhookBody, action: string, content: ContentService): Promise<ContentChange> {
  const id = typeof payload.sys?.id === 'string' ? payload.sys.id : undefined;
  const sysType = typeof payload.sys?.type === 'string' ? payload.sys.type : '';
  const entityType = sysType.includes('Asset') ? 'Asset' : sysType.includes('Entry') ? 'Entry' : undefined;
  if (!id || !entityType) throw new HttpError(400, 'Webhook body has no sys.id and sys.type of an entry or asset');
  const contentType = typeof payload.sys?.contentType?.sys?.id === 'string' ? payload.sys.contentType.sys.id : undefined;
  const linking = entityType === 'Entry' ? await linkingIds(content, id) : [];
  return { action, entityType, id, ...(contentType ? { contentType } : {}), affectedIds: [id, ...linking] };
}

function metadataId(payload: WebhookBody, entity: MetadataChange['entityType']): string {
  const id = payload.sys?.id;
  if (typeof id !== 'string' || !CONTENTFUL_ID.test(id)) throw new HttpError(400, `Webhook body has no sys.id of ${NAMES[entity]}`);
  return id;
}

async function linkingIds(content: ContentService, id: string): Promise<string[]> {
  const refs = await Promise.all(LOCALES.map((locale) => content.getLinkingEntries(id, { locale, preview: true }).catch(() => [])));
  return [...new Set(refs.flat().map((r) => r.id))];
}
