import { LRUCache } from 'lru-cache';
import { renderToStaticMarkup } from 'react-dom/server';

import { RichTextRenderer } from '#client/features/rich-text/rich-text-renderer.tsx';

import type { ReactNode } from 'react';
import type { Locale, RenderedRichText, RichText, ViewerSource } from '#shared/content/types.ts';
import type { RichTextHtml } from '#shared/data/context.ts';

/** Each field version is rendered to HTML once, into a bounded cache. */
export function createRichTextHtml(renderModel: (source: ViewerSource, locale: Locale) => ReactNode): RichTextHtml {
  const cache = new LRUCache<string, string>({ maxSize: 16 * 1024 * 1024, sizeCalculation: (html) => Math.max(1, html.length) });
  const slot = (source: ViewerSource, locale: Locale) => (
    <div className="rt-viewer" data-viewer-source={JSON.stringify(source)}>
      {renderModel(source, locale)}
    </div>
  );
  return {
    render(value: RichText, locale: Locale, key: string, origin?: string): RenderedRichText {
      // Links to the origin come out relative, so HTML for one origin is no other's (without PUBLIC_URL, ALLOWED_HOSTS bounds them).
      const cacheKey = `${origin ?? ''} ${key}`;
      let html = cache.get(cacheKey);
      if (html === undefined) {
        html = renderToStaticMarkup(<RichTextRenderer value={value} locale={locale} origin={origin} renderModel={(source) => slot(source, locale)} />);
        cache.set(cacheKey, html);
      }
      return { kind: 'rendered-rich-text', key, html };
    },
  };
}
