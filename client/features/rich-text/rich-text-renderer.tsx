import { BLOCKS, INLINES, MARKS } from '@contentful/rich-text-types';
import { documentToReactComponents } from '@contentful/rich-text-react-renderer';
import { useMemo } from 'react';

import {
  EmbeddedAsset,
  EmbeddedEntry,
  EntryChip,
  findAsset,
  findEntry,
  findResourceEntry,
  RICH_TEXT_LABELS,
  Unavailable,
} from '#client/features/rich-text/embeds.tsx';
import { headingIds } from '#client/features/rich-text/heading-ids.ts';
import { normalizeDocument } from '#client/features/rich-text/normalize-document.ts';
import { isWebHref, toLinkHref } from '#shared/safe-url.ts';

import type { Block, Inline } from '@contentful/rich-text-types';
import type { NodeRenderer, Options } from '@contentful/rich-text-react-renderer';
import type { ReactNode } from 'react';
import type { RenderContext } from '#client/features/rich-text/embeds.tsx';
import type { EntryRef, Locale, RichText, RichTextLinks, ViewerSource } from '#shared/content/types.ts';

export interface RichTextRendererProps {
  value: RichText;
  locale: Locale;
  /** Passed in, so rich text never imports three. */
  renderModel: (source: ViewerSource) => ReactNode;
  /** Hyperlinks to it become relative, so they navigate client-side. */
  origin?: string | undefined;
}

const warned = new Set<string>();

/** Per type per process, not per node. */
function warnUnknown(kind: string): void {
  if (warned.has(kind)) return;
  warned.add(kind);
  console.warn(`rich-text: unknown ${kind.startsWith('mark:') ? 'mark' : 'node type'} "${kind.replace(/^mark:/, '').slice(0, 80)}", rendered as plain text`);
}

/** Pure: links come resolved in `value.links` (plain `<a>`s: RichTextHtml routes them); content is normalized, so it can neither throw nor inject markup. */
export function RichTextRenderer({ value, locale, renderModel, origin }: RichTextRendererProps) {
  const source = value?.document;
  const document = useMemo(() => normalizeDocument(source, warnUnknown), [source]);
  const ids = useMemo(() => headingIds(document), [document]);
  const links = value?.links;
  const options = useMemo(
    () => createRenderOptions({ links: { entries: links?.entries ?? {}, assets: links?.assets ?? {} }, locale, renderModel, origin }, ids),
    [links, locale, renderModel, origin, ids],
  );
  return <>{documentToReactComponents(document, options)}</>;
}

const entryLink = (entry: EntryRef, children: ReactNode) => <a href={entry.url}>{children}</a>;
const chip = (entry: EntryRef) => <EntryChip entry={entry} />;
const asIs = (children: ReactNode) => <>{children}</>;

/** Soft line breaks (shift+enter) arrive as `\n` inside text. */
function renderText(text: string): ReactNode {
  if (!text.includes('\n')) return text;
  return text.split('\n').flatMap((line, index) => (index === 0 ? [line] : [<br key={index} />, line]));
}

/** The wrapper lets wide tables scroll. */
function renderTable(node: Block | Inline, children: ReactNode): ReactNode {
  const rows = Array.isArray(children) ? (children as ReactNode[]) : [children];
  const headerRows = typeof node.data.headerRows === 'number' ? node.data.headerRows : 0;
  const [head, body] = [rows.slice(0, headerRows), rows.slice(headerRows)];
  return (
    <div className="rt-table">
      <table>
        {head.length > 0 ? <thead>{head}</thead> : null}
        {body.length > 0 ? <tbody>{body}</tbody> : null}
      </table>
    </div>
  );
}

function renderCell(node: Block | Inline, children: ReactNode): ReactNode {
  const { colspan, rowspan, scope } = node.data as { colspan?: number; rowspan?: number; scope?: 'col' | 'row' };
  const spans = { ...(colspan ? { colSpan: colspan } : {}), ...(rowspan ? { rowSpan: rowspan } : {}) };
  if (node.nodeType !== 'table-header-cell') return <td {...spans}>{children}</td>;
  return (
    <th scope={scope ?? 'col'} {...spans}>
      {children}
    </th>
  );
}

/** Missing link targets render nothing for embeds and plain text for links. */
function createRenderOptions(ctx: RenderContext, ids: WeakMap<object, string>): Options {
  const headings = ([1, 2, 3, 4, 5, 6] as const).map((level): [string, NodeRenderer] => {
    const Tag = `h${level}` as const;
    // React escapes ids like any attribute.
    return [`heading-${level}`, (node, children) => <Tag id={ids.get(node)}>{children}</Tag>];
  });
  const embed =
    <T,>(
      find: (node: Block | Inline, links: RichTextLinks) => T | undefined,
      render: (found: T, children: ReactNode) => ReactNode,
      missing: (children: ReactNode) => ReactNode = () => null,
    ): NodeRenderer =>
    (node, children) => {
      const found = find(node, ctx.links);
      return found ? render(found, children) : missing(children);
    };
  const block = (entry: EntryRef) => <EmbeddedEntry entry={entry} ctx={ctx} />;
  const renderNode: Record<string, NodeRenderer> = {
    ...Object.fromEntries(headings),
    [BLOCKS.TABLE]: renderTable,
    [BLOCKS.TABLE_CELL]: renderCell,
    [BLOCKS.TABLE_HEADER_CELL]: renderCell,
    [BLOCKS.EMBEDDED_ENTRY]: embed(findEntry, block),
    [BLOCKS.EMBEDDED_ASSET]: embed(findAsset, (asset) => <EmbeddedAsset asset={asset} ctx={ctx} />),
    [BLOCKS.EMBEDDED_RESOURCE]: embed(findResourceEntry, block, () => <Unavailable inline={false} locale={ctx.locale} />),
    [INLINES.HYPERLINK]: (node, children) => {
      const href = toLinkHref(node.data.uri, ctx.origin);
      if (!href) return asIs(children);
      return (
        <a href={href} rel={isWebHref(href) ? 'noopener noreferrer' : undefined}>
          {children}
        </a>
      );
    },
    [INLINES.ENTRY_HYPERLINK]: embed(findEntry, entryLink, asIs),
    [INLINES.RESOURCE_HYPERLINK]: embed(findResourceEntry, entryLink, (children) => (
      <span className="rt-unresolved" title={RICH_TEXT_LABELS[ctx.locale].unavailable}>
        {children}
      </span>
    )),
    [INLINES.ASSET_HYPERLINK]: embed(findAsset, (asset, children) => <a href={asset.href}>{children}</a>, asIs),
    [INLINES.EMBEDDED_ENTRY]: embed(findEntry, chip),
    [INLINES.EMBEDDED_RESOURCE]: embed(findResourceEntry, chip, () => <Unavailable inline locale={ctx.locale} />),
  };
  const renderMark: Partial<Record<MARKS, (text: ReactNode) => ReactNode>> = {
    [MARKS.BOLD]: (text) => <strong>{text}</strong>,
    [MARKS.ITALIC]: (text) => <em>{text}</em>,
  };
  return { renderNode, renderMark, renderText, stripEmptyTrailingParagraph: true };
}
