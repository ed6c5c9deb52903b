import { useMatches } from 'react-router';

import type { SiteLayoutData } from '#client/layout/site-layout.loader.ts';

/** The locale layout's data (site settings, locale, origin) from any route below it. */
export function useSite(): SiteLayoutData {
  const match = useMatches().find((m) => (m.handle as { layout?: boolean } | undefined)?.layout);
  if (!match?.loaderData) throw new Error('useSite must be used below the locale layout route');
  return match.loaderData as SiteLayoutData;
}
