import { useLoaderData } from 'react-router';

import { RouteError } from '#client/components/route-error.tsx';
import { Seo } from '#client/components/seo.tsx';
import { ModelViewer } from '#client/features/model-viewer/index.ts';
import { RichTextHtml } from '#client/features/rich-text/index.ts';

import type { ViewerSource } from '#shared/content/types.ts';
import type { PageData } from '#client/pages/page/loader.ts';

export function Component() {
  const { page } = useLoaderData() as PageData;
  return (
    <article className="content-page">
      <Seo title={page.seoTitle ?? page.title} description={page.seoDescription} image={page.ogImage?.url} />
      <h1>{page.title}</h1>
      <div className="prose">
        <RichTextHtml value={page.body} renderModel={renderViewer} />
      </div>
    </article>
  );
}

/** Stable across renders, so embedded viewers are not re-mounted. */
function renderViewer(source: ViewerSource) {
  return <ModelViewer source={source} />;
}

export { RouteError as ErrorBoundary };
