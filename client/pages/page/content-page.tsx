import { useLoaderData } from 'react-router';

import { Seo } from '#client/components/seo.tsx';
import { loadEmbeddedViewer } from '#client/components/embedded-viewer.tsx';
import { RichTextHtml } from '#client/features/rich-text/index.ts';

import type { PageData } from '#client/pages/page/page.server.ts';

export function Component() {
  const { page } = useLoaderData() as PageData;
  return (
    <article className="content-page">
      <Seo title={page.seoTitle ?? page.title} description={page.seoDescription} image={page.ogImage?.url} />
      <h1>{page.title}</h1>
      <div className="prose">
        <RichTextHtml value={page.body} loadModelRenderer={loadEmbeddedViewer} />
      </div>
    </article>
  );
}
