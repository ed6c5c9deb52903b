import { useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useNavigate } from 'react-router';

import { prefetch } from '#client/components/prefetch-link.tsx';

import type { MouseEvent, ReactNode } from 'react';
import type { RenderedRichText, ViewerSource } from '#shared/content/types.ts';

export type RenderModel = (source: ViewerSource) => ReactNode;

export interface RichTextHtmlProps {
  value: RenderedRichText;
  /** Default: slots keep their poster. */
  renderModel?: RenderModel;
  /** Loaded only when the HTML has a model slot; the server's poster stays until it arrives (or for good if it fails). */
  loadModelRenderer?: () => Promise<RenderModel>;
}

/** The browser finds the server's HTML by it. */
function richTextDomId(key: string): string {
  return `rt-${key.replace(/[^A-Za-z0-9_-]/g, '_')}`;
}

/** Not for downloads, other windows, or a fragment of this page (the browser scrolls to it without the router). */
function internalHref(target: EventTarget): string | undefined {
  const anchor = (target as Element).closest?.('a[href]');
  if (!(anchor instanceof HTMLAnchorElement) || anchor.hasAttribute('download') || (anchor.target && anchor.target !== '_self')) return undefined;
  const url = new URL(anchor.href, window.location.href);
  const here = window.location;
  if (url.origin !== here.origin || (url.hash && url.pathname === here.pathname && url.search === here.search)) return undefined;
  // The router would read `//host/…` as another origin; the browser follows it as the path it is.
  if (url.pathname.startsWith('//')) return undefined;
  return url.pathname + url.search + url.hash;
}

/** Read back from the DOM on hydration (ADR 029); one delegated listener routes internal links, portals mount viewers. */
export function RichTextHtml({ value, renderModel, loadModelRenderer }: RichTextHtmlProps) {
  const id = richTextDomId(value.key);
  const navigate = useNavigate();
  const ref = useRef<HTMLDivElement>(null);
  const [serverHtml] = useState(() => (value.html === null && typeof document !== 'undefined' ? (document.getElementById(id)?.innerHTML ?? '') : ''));
  const html = value.html ?? serverHtml;
  const [mounted, setMounted] = useState<{ render: RenderModel; slots: Array<{ element: HTMLElement; source: ViewerSource }> } | null>(null);

  useEffect(() => {
    const container = ref.current;
    if (!container || (!renderModel && !loadModelRenderer)) return;
    // A model whose file validation failed keeps the server's poster and note: nothing to load or mount for it.
    const found = [...container.querySelectorAll<HTMLElement>('[data-viewer-source]')].flatMap((element) => {
      try {
        return [{ element, source: JSON.parse(element.dataset.viewerSource ?? '') as ViewerSource }];
      } catch {
        return [];
      }
    });
    const live = found.filter(({ source }) => source.unavailable !== true);
    if (live.length === 0) return;
    let cancelled = false;
    const take = (render: RenderModel) => {
      if (cancelled) return;
      for (const { element } of live) element.replaceChildren();
      setMounted({ render, slots: live });
    };
    if (renderModel) take(renderModel);
    // A failed load leaves the server's posters in place: the page loses the 3D view, not the figure.
    else loadModelRenderer?.().then(take, () => undefined);
    return () => {
      cancelled = true;
      setMounted(null);
    };
  }, [html, renderModel, loadModelRenderer]);

  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const href = internalHref(event.target);
    if (!href) return;
    event.preventDefault();
    void navigate(href);
  };
  const onIntent = (event: { target: EventTarget }) => {
    const href = internalHref(event.target);
    if (href) prefetch(href);
  };

  return (
    <>
      <div ref={ref} id={id} dangerouslySetInnerHTML={{ __html: html }} onClick={onClick} onMouseOver={onIntent} onFocus={onIntent} />
      {mounted ? mounted.slots.map((slot, i) => createPortal(mounted.render(slot.source), slot.element, `${value.key}:${i}`)) : null}
    </>
  );
}
