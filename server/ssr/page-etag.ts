import { createHash } from 'node:crypto';

import { isRenderedRichText } from '#shared/content/types.ts';

/** What a page's bytes depend on besides its loader data: the build, the canonical target with the served locales, and the origin. */
export interface PageIdentity {
  buildId: string;
  /** The canonical target and the served locales (`/articles/oak|en-US,de-DE`). */
  served: string;
  /** Links to the origin come out relative in rendered rich text (ADR 042), so its HTML is per origin. */
  origin: string;
}

/**
 * A weak validator from the page's identity and loader data (not the nonce), so unchanged pages answer 304 before rendering.
 * Rendered rich text counts by its key, which names the field, its version and its links' hash (client/data/loader-helpers.ts):
 * with the build and the origin it decides the HTML, so tens of KB of HTML are not serialized and hashed on every request
 * (issue 16 item 5, ADR 054).
 */
export function pageEtag(page: PageIdentity, loaderData: unknown): string {
  const hash = createHash('sha1').update(`${page.buildId}\0${page.served}\0${page.origin}\0`).update(fingerprint(loaderData, 0));
  return `W/"${hash.digest('base64url')}"`;
}

// Loaders put rendered rich text at most this deep in plain objects (model → hotspotNotes → note); arrays are lists of cards.
const RICH_TEXT_DEPTH = 4;

/** JSON of `value`, except rendered rich text within RICH_TEXT_DEPTH objects as a marker JSON cannot produce (a raw NUL) and its key. */
function fingerprint(value: unknown, depth: number): string {
  if (isRenderedRichText(value)) return `\0${JSON.stringify(value.key)}`;
  if (depth >= RICH_TEXT_DEPTH || typeof value !== 'object' || value === null || Array.isArray(value) || 'toJSON' in value) {
    return JSON.stringify(value) ?? '';
  }
  let text = '{';
  for (const [key, field] of Object.entries(value)) {
    const part = fingerprint(field, depth + 1);
    // JSON leaves out what it cannot represent (undefined, functions, symbols): so does the fingerprint.
    if (part !== '') text += `${text.length > 1 ? ',' : ''}${JSON.stringify(key)}:${part}`;
  }
  return `${text}}`;
}
