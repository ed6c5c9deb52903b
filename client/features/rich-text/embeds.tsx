import { Image } from '#client/components/image.tsx';
import { PrefetchLink } from '#client/components/prefetch-link.tsx';
import { formatFileSize } from '#client/components/file-size.ts';
import { getRichTextLabels } from '#client/features/rich-text/labels.ts';

import type { RenderContext } from '#client/features/rich-text/links.ts';
import type { Asset, EntryRef, Locale, ViewerSource } from '#shared/content/types.ts';
import type { ReactNode } from 'react';

/** A figure spans the text column: the viewport on phones, the 44rem .prose column beyond. */
const FIGURE_SIZES = '(min-width: 46.5rem) 44rem, 100vw';
/** Card thumbnails render at this CSS width (1x/2x candidates). */
const CARD_IMAGE_WIDTH = 128;
const GLTF_TYPES = new Set(['model/gltf-binary', 'model/gltf+json']);

type SafeAsset = Asset & { href: string };

/** glTF by content type, or by file name when the upload carried a generic type. */
export function isModelAsset(asset: Pick<Asset, 'contentType' | 'fileName'>): boolean {
  return GLTF_TYPES.has(asset.contentType.toLowerCase()) || /\.(glb|gltf)$/i.test(asset.fileName);
}

function Figure({ className, caption, children }: { className: string; caption?: ReactNode; children: ReactNode }) {
  return (
    <figure className={`rt-embed ${className}`}>
      {children}
      {caption ? <figcaption>{caption}</figcaption> : null}
    </figure>
  );
}

/** Viewer slot: the page's viewer, else the poster (no JS needed to see something). */
function ModelSlot({ source, ctx }: { source: ViewerSource; ctx: RenderContext }) {
  if (ctx.renderModel) return <div className="rt-model-slot">{ctx.renderModel(source)}</div>;
  return source.poster ? <Image asset={source.poster} alt={source.alt} sizes={FIGURE_SIZES} /> : null;
}

function EntryCard({ entry }: { entry: EntryRef }) {
  return (
    <div className="rt-embed rt-card" data-entry-type={entry.type}>
      {entry.image ? <Image asset={entry.image} alt="" width={CARD_IMAGE_WIDTH} className="rt-card-image" /> : null}
      <div className="rt-card-body">
        <p className="rt-card-title">
          <PrefetchLink to={entry.url}>{entry.title}</PrefetchLink>
        </p>
        {entry.summary ? <p className="rt-card-summary">{entry.summary}</p> : null}
      </div>
    </div>
  );
}

/** embedded-entry-block: a model gets a viewer slot; articles, pages and people a linked card. */
export function EmbeddedEntry({ entry, ctx }: { entry: EntryRef; ctx: RenderContext }) {
  const model = entry.type === 'model' ? entry.model : undefined;
  if (!model || (!ctx.renderModel && !model.poster)) return <EntryCard entry={entry} />;
  const caption = (
    <>
      <PrefetchLink to={entry.url}>{entry.title}</PrefetchLink>
      {entry.summary ? <span className="rt-caption-note"> {entry.summary}</span> : null}
    </>
  );
  return (
    <Figure className="rt-model" caption={caption}>
      <ModelSlot source={model} ctx={ctx} />
    </Figure>
  );
}

/** embedded-entry-inline: a link chip. In-text links prefetch on intent, not on sight, so long texts stay cheap. */
export function EntryChip({ entry }: { entry: EntryRef }) {
  return (
    <PrefetchLink to={entry.url} prefetch="intent" className="rt-chip" data-entry-type={entry.type}>
      {entry.title}
    </PrefetchLink>
  );
}

function DownloadLink({ asset, locale }: { asset: SafeAsset; locale: Locale }) {
  const name = asset.fileName || asset.title || getRichTextLabels(locale).download;
  return (
    <p className="rt-embed rt-download">
      <a href={asset.href} download={asset.fileName || true} {...(asset.contentType ? { type: asset.contentType } : {})}>
        {name}
      </a>{' '}
      <span className="rt-file-size">({formatFileSize(asset.size, locale)})</span>
    </p>
  );
}

/**
 * embedded-asset-block: images as responsive figures, videos with native
 * controls, glTF/GLB in the viewer slot, anything else as a download. Alt
 * text is the description (else the title); the title is the caption when
 * it says something the alt text does not.
 */
export function EmbeddedAsset({ asset, ctx }: { asset: SafeAsset; ctx: RenderContext }) {
  const type = asset.contentType.toLowerCase();
  const alt = asset.description || asset.title;
  const caption = asset.title && asset.title !== alt ? asset.title : undefined;
  if (isModelAsset(asset)) {
    if (!ctx.renderModel) return <DownloadLink asset={asset} locale={ctx.locale} />;
    return (
      <Figure className="rt-model" caption={caption}>
        <ModelSlot source={{ src: asset.href, alt }} ctx={ctx} />
      </Figure>
    );
  }
  if (type.startsWith('image/')) {
    return (
      <Figure className="rt-image" caption={caption}>
        <Image asset={{ ...asset, url: asset.href }} alt={alt} sizes={FIGURE_SIZES} />
      </Figure>
    );
  }
  if (type.startsWith('video/')) {
    const labels = getRichTextLabels(ctx.locale);
    return (
      <Figure className="rt-video" caption={asset.title || undefined}>
        <video controls preload="metadata" playsInline src={asset.href} {...(asset.width && asset.height ? { width: asset.width, height: asset.height } : {})}>
          {labels.videoFallback} <a href={asset.href}>{asset.fileName || labels.download}</a>
        </video>
      </Figure>
    );
  }
  return <DownloadLink asset={asset} locale={ctx.locale} />;
}

/** A resource link whose entry the loader could not resolve (another space, unpublished, deleted). */
export function Unavailable({ inline, locale }: { inline: boolean; locale: Locale }) {
  const label = getRichTextLabels(locale).unavailable;
  return inline ? <span className="rt-unavailable">{label}</span> : <p className="rt-embed rt-unavailable">{label}</p>;
}
