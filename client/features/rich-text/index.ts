import './rich-text.css';

export { RichTextRenderer } from '#client/features/rich-text/rich-text-renderer.tsx';
export { richTextToPlainText } from '#client/features/rich-text/plain-text.ts';
export type { RichTextRendererProps } from '#client/features/rich-text/rich-text-renderer.tsx';
export { RichTextHtml, richTextDomId } from '#client/features/rich-text/rich-text-html.tsx';
export type { RichTextHtmlProps } from '#client/features/rich-text/rich-text-html.tsx';
