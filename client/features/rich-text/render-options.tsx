import { BLOCKS, INLINES, MARKS } from '@contentful/rich-text-types';

import { PrefetchLink } from '#client/components/prefetch-link.tsx';
import { EmbeddedAsset, EmbeddedEntry, EntryChip, Unavailable } from '#client/features/rich-text/embeds.tsx';
import { getRichTextLabels } from '#client/features/rich-text/labels.ts';
import { findAsset, findEntry, findResourceEntry } from '#client/features/rich-text/links.ts';
import { isWebHref, toSafeHref } from '#shared/safe-url.ts';
import { renderCell, renderTable } from '#client/features/rich-text/table.tsx';

import type { RenderContext } from '#client/features/rich-text/links.ts';
import type { EntryRef } from '#shared/content/types.ts';
import type { NodeRenderer, Options } from '@contentful/rich-text-react-renderer';
import type { ReactNode } from 'react';

function entryLink(entry: EntryRef | undefined, children: ReactNode): ReactNode {
  if (!entry) return <>{children}</>;
  return (
    <PrefetchLink to={entry.url} prefetch="intent">
      {children}
    </PrefetchLink>
  );
}

/** Soft line breaks (shift+enter) arrive as `\n` inside text. */
function renderText(text: string): ReactNode {
  if (!text.includes('\n')) return text;
  return text.split('\n').flatMap((line, index) => (index === 0 ? [line] : [<br key={index} />, line]));
}

/**
 * The one options map: a renderer for every node type and mark of
 * @contentful/rich-text-types 17 (the Record types make a missing one a
 * compile error). It expects a document passed through normalizeDocument.
 * Missing link targets render nothing for embeds and plain text for links;
 * unresolved resource links show an unobtrusive placeholder.
 */
export function createRenderOptions(ctx: RenderContext): Options {
  const renderNode: Record<BLOCKS | INLINES, NodeRenderer> = {
    [BLOCKS.DOCUMENT]: (_node, children) => <>{children}</>,
    [BLOCKS.PARAGRAPH]: (_node, children) => <p>{children}</p>,
    [BLOCKS.HEADING_1]: (_node, children) => <h1>{children}</h1>,
    [BLOCKS.HEADING_2]: (_node, children) => <h2>{children}</h2>,
    [BLOCKS.HEADING_3]: (_node, children) => <h3>{children}</h3>,
    [BLOCKS.HEADING_4]: (_node, children) => <h4>{children}</h4>,
    [BLOCKS.HEADING_5]: (_node, children) => <h5>{children}</h5>,
    [BLOCKS.HEADING_6]: (_node, children) => <h6>{children}</h6>,
    [BLOCKS.OL_LIST]: (_node, children) => <ol>{children}</ol>,
    [BLOCKS.UL_LIST]: (_node, children) => <ul>{children}</ul>,
    [BLOCKS.LIST_ITEM]: (_node, children) => <li>{children}</li>,
    [BLOCKS.QUOTE]: (_node, children) => <blockquote>{children}</blockquote>,
    [BLOCKS.HR]: () => <hr />,
    [BLOCKS.TABLE]: renderTable,
    [BLOCKS.TABLE_ROW]: (_node, children) => <tr>{children}</tr>,
    [BLOCKS.TABLE_CELL]: renderCell,
    [BLOCKS.TABLE_HEADER_CELL]: renderCell,
    [BLOCKS.EMBEDDED_ENTRY]: (node) => {
      const entry = findEntry(node, ctx.links);
      return entry ? <EmbeddedEntry entry={entry} ctx={ctx} /> : null;
    },
    [BLOCKS.EMBEDDED_ASSET]: (node) => {
      const asset = findAsset(node, ctx.links);
      return asset ? <EmbeddedAsset asset={asset} ctx={ctx} /> : null;
    },
    [BLOCKS.EMBEDDED_RESOURCE]: (node) => {
      const entry = findResourceEntry(node, ctx.links);
      return entry ? <EmbeddedEntry entry={entry} ctx={ctx} /> : <Unavailable inline={false} locale={ctx.locale} />;
    },
    [INLINES.HYPERLINK]: (node, children) => {
      const href = toSafeHref(node.data.uri);
      if (!href) return <>{children}</>;
      return isWebHref(href) ? (
        <a href={href} rel="noopener noreferrer">
          {children}
        </a>
      ) : (
        <a href={href}>{children}</a>
      );
    },
    [INLINES.ENTRY_HYPERLINK]: (node, children) => entryLink(findEntry(node, ctx.links), children),
    [INLINES.RESOURCE_HYPERLINK]: (node, children) => {
      const entry = findResourceEntry(node, ctx.links);
      if (entry) return entryLink(entry, children);
      return (
        <span className="rt-unresolved" title={getRichTextLabels(ctx.locale).unavailable}>
          {children}
        </span>
      );
    },
    [INLINES.ASSET_HYPERLINK]: (node, children) => {
      const asset = findAsset(node, ctx.links);
      return asset ? <a href={asset.href}>{children}</a> : <>{children}</>;
    },
    [INLINES.EMBEDDED_ENTRY]: (node) => {
      const entry = findEntry(node, ctx.links);
      return entry ? <EntryChip entry={entry} /> : null;
    },
    [INLINES.EMBEDDED_RESOURCE]: (node) => {
      const entry = findResourceEntry(node, ctx.links);
      return entry ? <EntryChip entry={entry} /> : <Unavailable inline locale={ctx.locale} />;
    },
  };
  const renderMark: Record<MARKS, (text: ReactNode) => ReactNode> = {
    [MARKS.BOLD]: (text) => <strong>{text}</strong>,
    [MARKS.ITALIC]: (text) => <em>{text}</em>,
    [MARKS.UNDERLINE]: (text) => <u>{text}</u>,
    [MARKS.CODE]: (text) => <code>{text}</code>,
    [MARKS.SUPERSCRIPT]: (text) => <sup>{text}</sup>,
    [MARKS.SUBSCRIPT]: (text) => <sub>{text}</sub>,
    [MARKS.STRIKETHROUGH]: (text) => <s>{text}</s>,
  };
  return { renderNode, renderMark, renderText, stripEmptyTrailingParagraph: true };
}
