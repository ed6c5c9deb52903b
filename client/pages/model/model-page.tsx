import { Fragment, useCallback } from 'react';
import { useLoaderData } from 'react-router';

import { Breadcrumbs, TagList } from '#client/components/cards.tsx';
import { formatFileSize } from '#client/components/file-size.ts';
import { PrefetchLink } from '#client/components/prefetch-link.tsx';
import { Seo } from '#client/components/seo.tsx';
import { getShareImage, ShareImageMeta } from '#client/pages/model/share-image.tsx';
import { HotspotList, ModelViewer, useHotspotControl, useVariantSelection, VariantPicker } from '#client/features/model-viewer/index.ts';
import { Inspectable, useInspector } from '#client/features/live-preview/inspector.ts';
import { RichTextHtml } from '#client/features/rich-text/index.ts';
import { LABELS } from '#client/layout/labels.ts';
import { useSite } from '#client/layout/use-site.ts';
import { breadcrumbJsonLd, modelJsonLd } from '#client/components/json-ld.ts';
import { paths } from '#shared/urls.ts';
import { ModelCheckNotice } from '#client/pages/model/model-check-notice.tsx';

import type { ViewerSource } from '#shared/content/types.ts';
import type { ModelData } from '#client/pages/model/model.server.ts';

/** The main column: 72rem less 1.25rem padding on each side. */
const PAGE_VIEWER_SIZES = '(min-width: 1152px) 1112px, 100vw';

export function Component() {
  const { model, appearsIn, selectedVariant } = useLoaderData() as ModelData;
  const { locale, origin, site, preview } = useSite();
  const t = LABELS[locale];
  // Stable per locale, so the description's embedded viewers are not re-mounted.
  const renderViewer = useCallback((source: ViewerSource) => <ModelViewer source={source} locale={locale} />, [locale]);
  const crumbs = [
    { label: t.models, url: paths.models(locale) },
    ...(model.category?.path.map((c) => ({ label: c.label, url: paths.models(locale, c.id) })) ?? []),
  ];
  const d = model.dimensions;
  const inspect = useInspector();
  const hotspots = useHotspotControl(model.viewer.hotspots, preview);
  const renderNote = (id: string) => {
    const note = model.hotspotNotes[id];
    return note ? <RichTextHtml value={note} /> : null;
  };
  const [variant, selectVariant] = useVariantSelection(model.viewer, selectedVariant);
  const poster = model.viewer.variants?.find((each) => each.id === variant)?.poster ?? model.poster;
  const share = poster ? getShareImage(poster, model.viewer.alt) : undefined;
  // A share of another variant than the first names it, so the card shows its poster.
  const shareUrl =
    variant && variant !== model.viewer.variants?.[0]?.id ? `${origin}${paths.model(locale, model.slug)}?variant=${encodeURIComponent(variant)}` : undefined;
  return (
    <article className="model-detail">
      <Seo
        title={model.name}
        description={model.summary}
        image={share?.url}
        url={shareUrl}
        type="product"
        jsonLd={[modelJsonLd(model, origin, site.name), breadcrumbJsonLd([...crumbs, { label: model.name, url: paths.model(locale, model.slug) }], origin)]}
      />
      {share ? <ShareImageMeta image={share} /> : null}
      <Breadcrumbs crumbs={crumbs} current={model.name} label={t.breadcrumb} />
      <h1 {...inspect(model.id, 'name')}>{model.name}</h1>
      <p className="lede" {...inspect(model.id, 'summary')}>
        {model.summary}
      </p>
      <Inspectable entryId={model.id} fieldId="file">
        <ModelViewer source={model.viewer} variant={variant} hotspots={hotspots} locale={locale} eager sizes={PAGE_VIEWER_SIZES} linkView preview={preview} />
      </Inspectable>
      <VariantPicker variants={model.viewer.variants} selected={variant} locale={locale} onSelect={selectVariant} inspect={inspect} />
      <HotspotList hotspots={model.viewer.hotspots ?? []} control={hotspots} locale={locale} renderNote={renderNote} inspect={inspect} />
      {model.check ? <ModelCheckNotice check={model.check} locale={locale} /> : null}
      <div className="detail-grid">
        <div className="prose" {...inspect(model.id, 'description')}>
          <RichTextHtml value={model.description} renderModel={renderViewer} />
        </div>
        <aside className="facts">
          <dl>
            {model.facts?.map((fact) => (
              <Fragment key={fact.id}>
                <dt>{fact.label}</dt>
                <dd>{fact.value}</dd>
              </Fragment>
            ))}
            {d ? (
              <>
                <dt>{t.dimensions}</dt>
                <dd>
                  {d.width} × {d.depth} × {d.height} {d.unit}
                </dd>
              </>
            ) : null}
            {model.category ? (
              <>
                <dt>{t.category}</dt>
                <dd>{model.category.path.map((c) => c.label).join(' › ')}</dd>
              </>
            ) : null}
            <dt>{t.download}</dt>
            <dd>
              <a href={model.file.url} download={model.file.fileName}>
                {model.file.fileName} ({formatFileSize(model.file.size, locale)})
              </a>
            </dd>
          </dl>
          <TagList tags={model.tags} locale={locale} />
          {appearsIn.length > 0 ? (
            <>
              <h2 className="sidebar-title">{t.appearsIn}</h2>
              <ul className="plain-list">
                {appearsIn.map((ref) => (
                  <li key={ref.id}>
                    <PrefetchLink to={ref.url}>{ref.title}</PrefetchLink>
                  </li>
                ))}
              </ul>
            </>
          ) : null}
        </aside>
      </div>
    </article>
  );
}
