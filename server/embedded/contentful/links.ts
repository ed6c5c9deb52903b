export type LinkRef = { linkType: 'Entry' | 'Asset'; id: string };

export function linksByLocale(values: Record<string, unknown>): ReadonlyMap<string, readonly LinkRef[]> {
  return new Map(
    Object.entries(values).flatMap(([locale, value]) => {
      const refs = collectLinks(value, []);
      return refs.length > 0 ? [[locale, refs] as const] : [];
    }),
  );
}

/** Anywhere in a value: reference fields, arrays, rich text `data.target`. */
function collectLinks(value: unknown, refs: LinkRef[]): LinkRef[] {
  if (!value || typeof value !== 'object') return refs;
  const sys = (value as { sys?: { type?: unknown; linkType?: unknown; id?: unknown } }).sys;
  if (sys?.type === 'Link' && (sys.linkType === 'Entry' || sys.linkType === 'Asset') && typeof sys.id === 'string') {
    refs.push({ linkType: sys.linkType, id: sys.id });
  } else {
    for (const child of Object.values(value)) collectLinks(child, refs);
  }
  return refs;
}
