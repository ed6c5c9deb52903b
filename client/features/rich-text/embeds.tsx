import { formatFileSize } from '#client/components/file-size.ts';
import { Image } from '#client/components/image.tsx';
import { isSafePath, toSafeAssetUrl } from '#shared/safe-url.ts';

import type { ReactNode } from 'react';
import type { Asset, EntryRef, Locale, RichTextLinks, ViewerSource } from '#shared/content/types.ts';

export const RICH_TEXT_LABELS = {
  'en-US': {
    unavailable: 'Linked content unavailable',
    download: 'Download',
    videoFallback: 'Your browser cannot play this video. Download it instead:',
  },
  'de-DE': {
    unavailable: 'Verknüpfter Inhalt nicht verfügbar',
    download: 'Herunterladen',
    videoFallback: 'Ihr Browser kann dieses Video nicht abspielen. Laden Sie es stattdessen herunter:',
  },
} satisfies Record<Locale, Record<string, string>>;

export interface RenderContext {
  links: RichTextLinks;
  locale: Locale;
  /** The server's viewer slot (server.tsx), into which the browser mounts the viewer. */
  renderModel: (source: ViewerSource) => ReactNode;
  origin?: string | undefined;
}

type NodeData = { data?: unknown };
type SafeAsset = Asset & { href: string };

const targetOf = (node: NodeData) => (node.data as { target?: { sys?: { id?: unknown; urn?: unknown } } } | null | undefined)?.target?.sys;
// `crn:contentful:::content:spaces/<space>[/environments/<env>]/entries/<id>` (Contentful cross-space references).
const ENTRY_URN = /^crn:contentful:::content:spaces\/[^/]+(?:\/environments\/[^/]+)?\/entries\/([^/]+)$/;

// Own properties only: an id like `constructor` or `__proto__` must not find Object.prototype members.
function lookup<T>(record: Record<string, T> | undefined, id: unknown): T | undefined {
  return typeof id === 'string' && record && Object.hasOwn(record, id) ? record[id] : undefined;
}

function usableEntry(entry: EntryRef | undefined): EntryRef | undefined {
  return entry && typeof entry === 'object' && typeof entry.title === 'string' && isSafePath(entry.url) ? entry : undefined;
}

export const findEntry = (node: NodeData, links: RichTextLinks) => usableEntry(lookup(links.entries, targetOf(node)?.id));

export function findResourceEntry(node: NodeData, links: RichTextLinks): EntryRef | undefined {
  const urn = targetOf(node)?.urn;
  return usableEntry(lookup(links.entries, typeof urn === 'string' ? ENTRY_URN.exec(urn)?.[1] : undefined));
}

export function findAsset(node: NodeData, links: RichTextLinks): SafeAsset | undefined {
  const asset = lookup(links.assets, targetOf(node)?.id);
  const href = asset && toSafeAssetUrl(asset.url);
  return asset && href ? { ...asset, href } : undefined;
}

/** The text column: the viewport on phones, the 44rem .prose column beyond. */
const FIGURE_SIZES = '(min-width: 46.5rem) 44rem, 100vw';
const GLTF_TYPES = new Set(['model/gltf-binary', 'model/gltf+json']);

/** By file name too: uploads may carry a generic type. */
const isModelAsset = (asset: SafeAsset) => GLTF_TYPES.has(asset.contentType.toLowerCase()) || /\.(glb|gltf)$/i.test(asset.fileName);

function Figure({ className, caption, children }: { className: string; caption?: ReactNode; children: ReactNode }) {
  return (
    <figure className={`rt-embed ${className}`}>
      {children}
      {caption ? <figcaption>{caption}</figcaption> : null}
    </figure>
  );
}

export function EmbeddedEntry({ entry, ctx }: { entry: EntryRef; ctx: RenderContext }) {
  const model = entry.type === 'model' ? entry.model : undefined;
  if (model) {
    const caption = (
      <>
        <a href={entry.url}>{entry.title}</a>
        {entry.summary ? <span className="rt-caption-note"> {entry.summary}</span> : null}
      </>
    );
    return (
      <Figure className="rt-model" caption={caption}>
        {ctx.renderModel(model)}
      </Figure>
    );
  }
  return (
    <div className="rt-embed rt-card" data-entry-type={entry.type}>
      {entry.image ? <Image asset={entry.image} alt="" width={128} className="rt-card-image" /> : null}
      <div className="rt-card-body">
        <p className="rt-card-title">
          <a href={entry.url}>{entry.title}</a>
        </p>
        {entry.summary ? <p className="rt-card-summary">{entry.summary}</p> : null}
      </div>
    </div>
  );
}

export function EntryChip({ entry }: { entry: EntryRef }) {
  return (
    <a className="rt-chip" data-entry-type={entry.type} href={entry.url}>
      {entry.title}
    </a>
  );
}

export function EmbeddedAsset({ asset, ctx }: { asset: SafeAsset; ctx: RenderContext }) {
  const type = asset.contentType.toLowerCase();
  const alt = asset.description || asset.title;
  const caption = asset.title && asset.title !== alt ? asset.title : undefined;
  if (isModelAsset(asset)) {
    return (
      <Figure className="rt-model" caption={caption}>
        {ctx.renderModel({ src: asset.href, alt })}
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
    const labels = RICH_TEXT_LABELS[ctx.locale];
    return (
      <Figure className="rt-video" caption={asset.title || undefined}>
        <video controls preload="metadata" playsInline src={asset.href} {...(asset.width && asset.height ? { width: asset.width, height: asset.height } : {})}>
          {labels.videoFallback} <a href={asset.href}>{asset.fileName || labels.download}</a>
        </video>
      </Figure>
    );
  }
  return (
    <p className="rt-embed rt-download">
      <a href={asset.href} download={asset.fileName || true} {...(asset.contentType ? { type: asset.contentType } : {})}>
        {asset.fileName || asset.title || RICH_TEXT_LABELS[ctx.locale].download}
      </a>{' '}
      <span className="rt-file-size">({formatFileSize(asset.size, ctx.locale)})</span>
    </p>
  );
}

/** An entry the loader could not resolve (another space, unpublished, deleted). */
export function Unavailable({ inline, locale }: { inline: boolean; locale: Locale }) {
  const label = RICH_TEXT_LABELS[locale].unavailable;
  return inline ? <span className="rt-unavailable">{label}</span> : <p className="rt-embed rt-unavailable">{label}</p>;
}
