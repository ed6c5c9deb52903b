import { getLoaderContext, renderField } from '#client/data/loader-helpers.ts';

import type { LoaderFunctionArgs } from 'react-router';

/** Site settings and request facts for the locale layout (header, footer, canonical origin). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { content, options, info, richText } = getLoaderContext(request, context);
  const { footer, ...site } = await content.getSiteSettings(options);
  return {
    site: { ...site, footer: renderField(richText, footer, { ...site, locale: options.locale }, 'footer') },
    locale: options.locale,
    origin: info.origin,
    preview: info.preview,
  };
}

export type SiteLayoutData = Awaited<ReturnType<typeof loader>>;
