import { BLOCKS, INLINES } from '@contentful/rich-text-types';

import type { Asset, EntryRef, RichText, RichTextLinks } from '#shared/content/types.ts';
import type { Document } from '@contentful/rich-text-types';

/** Loose node builders for tests: they build valid and deliberately invalid documents alike. */
export type AnyNode = Record<string, unknown>;

export const text = (value: string, ...marks: string[]): AnyNode => ({ nodeType: 'text', value, marks: marks.map((type) => ({ type })), data: {} });
export const node = (nodeType: string, content: AnyNode[] = [], data: Record<string, unknown> = {}): AnyNode => ({ nodeType, data, content });
export const p = (...content: Array<AnyNode | string>): AnyNode =>
  node(
    BLOCKS.PARAGRAPH,
    content.map((c) => (typeof c === 'string' ? text(c) : c)),
  );
export const doc = (...content: AnyNode[]): Document => node(BLOCKS.DOCUMENT, content) as unknown as Document;
export const link = (id: string, linkType: 'Entry' | 'Asset') => ({ target: { sys: { type: 'Link', linkType, id } } });
export const resource = (urn: string) => ({ target: { sys: { type: 'ResourceLink', linkType: 'Contentful:Entry', urn } } });
export const hyperlink = (uri: unknown, label = 'link'): AnyNode => node(INLINES.HYPERLINK, [text(label)], { uri });
export const urn = (id: string) => `crn:contentful:::content:spaces/vitrine-demo/entries/${id}`;

export const photo: Asset = {
  id: 'photo',
  title: 'Workshop',
  description: 'A carpenter planing an oak board',
  url: '/content-assets/images.ctfassets.net/vitrine-demo/photo/tok/workshop.jpg',
  contentType: 'image/jpeg',
  fileName: 'workshop.jpg',
  size: 345_678,
  width: 1600,
  height: 1000,
};

export const files: Record<string, Asset> = {
  photo,
  video: {
    ...photo,
    id: 'video',
    title: 'Assembly',
    url: '/content-assets/videos.ctfassets.net/vitrine-demo/video/tok/assembly.mp4',
    contentType: 'video/mp4',
    fileName: 'assembly.mp4',
  },
  glb: {
    ...photo,
    id: 'glb',
    title: 'Chair model',
    description: '',
    url: '/content-assets/assets.ctfassets.net/vitrine-demo/glb/tok/chair.glb',
    contentType: 'model/gltf-binary',
    fileName: 'chair.glb',
  },
  gltf: {
    ...photo,
    id: 'gltf',
    title: 'Lamp',
    description: '',
    url: '//assets.ctfassets.net/vitrine-demo/gltf/tok/lamp.gltf',
    contentType: 'application/octet-stream',
    fileName: 'lamp.gltf',
  },
  pdf: {
    ...photo,
    id: 'pdf',
    title: 'Care guide',
    description: '',
    url: '/content-assets/downloads.ctfassets.net/vitrine-demo/pdf/tok/care.pdf',
    contentType: 'application/pdf',
    fileName: 'care.pdf',
    size: 1_234_567,
  },
};

export const entries: Record<string, EntryRef> = {
  article: { id: 'article', type: 'article', title: 'Why oak', url: '/articles/why-oak', summary: 'On grain and patience.', image: photo },
  page: { id: 'page', type: 'page', title: 'About us', url: '/about' },
  chair: {
    id: 'chair',
    type: 'model',
    title: 'Lounge chair',
    url: '/models/lounge-chair',
    summary: 'Walnut and wool.',
    model: { src: '/content-assets/assets.ctfassets.net/vitrine-demo/glb/tok/chair.glb', alt: 'Lounge chair', poster: photo },
  },
};

export const links: RichTextLinks = { entries, assets: files };

export const richText = (document: Document, overrides: Partial<RichTextLinks> = {}): RichText => ({ document, links: { ...links, ...overrides } });
