import { getLoaderContext } from '#client/data/loader-helpers.ts';

import type { LoaderFunctionArgs } from 'react-router';

/** Site settings and request facts for the locale layout (header, footer, canonical origin). */
export async function siteLayoutLoader({ request, context }: LoaderFunctionArgs) {
  const { content, options, info } = getLoaderContext(request, context);
  const site = await content.getSiteSettings(options);
  return { site, locale: options.locale, origin: info.origin, preview: info.preview };
}

export type SiteLayoutData = Awaited<ReturnType<typeof siteLayoutLoader>>;
