/**
 * The loose shapes of what the `contentful` SDK returns for a single locale
 * (`locale=xx`), as far as the mapper reads them. Typed structurally so the
 * mapper does not depend on the SDK's deep generic types.
 */
export interface SdkLink {
  sys: { type: 'Link'; linkType: string; id: string };
}

export interface SdkSys {
  id: string;
  type: string;
  createdAt?: string;
  updatedAt?: string;
  contentType?: { sys: { id: string } };
  locale?: string;
}

export interface SdkAsset {
  sys: SdkSys & { type: 'Asset' };
  fields: {
    title?: string;
    description?: string;
    file?: { url: string; fileName?: string; contentType?: string; details?: { size?: number; image?: { width: number; height: number } } };
  };
}

export interface SdkEntry {
  sys: SdkSys & { type: 'Entry' };
  fields: Record<string, unknown>;
  metadata?: { tags?: SdkLink[]; concepts?: SdkLink[] };
}

export interface SdkCollection<T> {
  items: T[];
  total: number;
  skip: number;
  limit: number;
}

/** Is `value` a resolved entry (not a bare link left by an unresolvable reference)? */
export function isEntry(value: unknown): value is SdkEntry {
  const v = value as SdkEntry | null;
  return !!v && typeof v === 'object' && v.sys?.type === 'Entry' && typeof v.fields === 'object';
}

export function isAsset(value: unknown): value is SdkAsset {
  const v = value as SdkAsset | null;
  return !!v && typeof v === 'object' && v.sys?.type === 'Asset' && typeof v.fields === 'object';
}

export function contentTypeOf(entry: SdkEntry): string {
  return entry.sys.contentType?.sys.id ?? 'unknown';
}
