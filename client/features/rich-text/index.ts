import './rich-text.css';

export { RichTextRenderer } from '#client/features/rich-text/rich-text-renderer.tsx';
export { richTextToPlainText } from '#client/features/rich-text/plain-text.ts';
export type { RichTextRendererProps } from '#client/features/rich-text/rich-text-renderer.tsx';
