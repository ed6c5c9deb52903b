/**
 * Entry id of a Contentful resource name as rich text's resource links carry
 * it: `crn:contentful:::content:spaces/<space>/entries/<id>`, optionally with
 * `/environments/<env>` before `/entries`. Anything else is null.
 * See https://www.contentful.com/developers/docs/concepts/functions/cross-space-references/
 */
const ENTRY_URN = /^crn:contentful:::content:spaces\/[^/]+(?:\/environments\/[^/]+)?\/entries\/([^/]+)$/;

export function getEntryIdFromUrn(urn: unknown): string | null {
  if (typeof urn !== 'string') return null;
  return ENTRY_URN.exec(urn)?.[1] ?? null;
}
