import { useLoaderData } from 'react-router';

import { Seo } from '#client/components/seo.tsx';
import { loadEmbeddedViewer } from '#client/components/embedded-viewer.tsx';
import { useInspector } from '#client/features/live-preview/inspector.ts';
import { RichTextHtml } from '#client/features/rich-text/index.ts';

import type { PageData } from '#client/pages/page/page.server.ts';

export function Component() {
  const { page } = useLoaderData() as PageData;
  const inspect = useInspector();
  return (
    <article className="content-page">
      <Seo title={page.seoTitle ?? page.title} description={page.seoDescription} image={page.ogImage?.url} />
      <h1 {...inspect(page.id, 'title')}>{page.title}</h1>
      <div className="prose" {...inspect(page.id, 'body')}>
        <RichTextHtml value={page.body} loadModelRenderer={loadEmbeddedViewer} />
      </div>
    </article>
  );
}
