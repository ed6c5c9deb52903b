import { contentLoader, perContentVersion, renderField } from '#client/data/loader-helpers.ts';

export const loader = contentLoader(async ({ content, options, info, richText }) => {
  const settings = await content.getSiteSettings(options);
  return perContentVersion([settings], `${options.locale}|${info.origin}|${info.preview}`, () => {
    const { footer, ...site } = settings;
    return {
      site: { ...site, footer: renderField(richText, footer, { ...site, locale: options.locale }, 'footer') },
      locale: options.locale,
      origin: info.origin,
      preview: info.preview,
    };
  });
});

export type SiteLayoutData = Awaited<ReturnType<typeof loader>>;
