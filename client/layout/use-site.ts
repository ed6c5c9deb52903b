import { useMatches } from 'react-router';

import type { SiteLayoutData } from '#client/layout/site-layout.server.ts';

export function useSite(): SiteLayoutData {
  const site = useOptionalSite();
  if (!site) throw new Error('useSite must be used below the locale layout route');
  return site;
}

/** `undefined` when the layout's own loader failed. */
export function useOptionalSite(): SiteLayoutData | undefined {
  const match = useMatches().find((m) => (m.handle as { layout?: boolean } | undefined)?.layout);
  return match?.loaderData as SiteLayoutData | undefined;
}
