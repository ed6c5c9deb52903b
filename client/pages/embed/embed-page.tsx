import { useLoaderData } from 'react-router';

import { Seo } from '#client/components/seo.tsx';
import { ModelViewer, useVariantSelection } from '#client/features/model-viewer/index.ts';
import { useSite } from '#client/layout/use-site.ts';

import type { ModelData } from '#client/pages/model/model.server.ts';

export function Component() {
  const { model, selectedVariant } = useLoaderData() as ModelData;
  const { locale } = useSite();
  // The embed's canonical URL keeps no `?variant=`: choosing is the model page's job.
  const [variant] = useVariantSelection(model.viewer, selectedVariant);
  return (
    <div className="embed">
      <Seo title={model.name} description={model.summary} alternates={false} noindex />
      <ModelViewer source={model.viewer} variant={variant} locale={locale} eager sizes="100vw" />
    </div>
  );
}
