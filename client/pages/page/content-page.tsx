import { useLoaderData } from 'react-router';

import { RouteError } from '#client/components/route-error.tsx';
import { Seo } from '#client/components/seo.tsx';
import { ModelViewer } from '#client/features/model-viewer/index.ts';
import { RichTextRenderer } from '#client/features/rich-text/index.ts';
import { useSite } from '#client/layout/use-site.ts';

import type { PageData } from '#client/pages/page/loader.ts';

export function Component() {
  const { page } = useLoaderData() as PageData;
  const { locale } = useSite();
  return (
    <article className="content-page">
      <Seo title={page.seoTitle ?? page.title} description={page.seoDescription} image={page.ogImage?.url} />
      <h1>{page.title}</h1>
      <div className="prose">
        <RichTextRenderer value={page.body} locale={locale} renderModel={(source) => <ModelViewer source={source} />} />
      </div>
    </article>
  );
}

export { RouteError as ErrorBoundary };
