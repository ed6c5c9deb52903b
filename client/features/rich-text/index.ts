import './rich-text.css';
// Embedded models' poster figures are in the server's HTML before the viewer's code loads (client/components/embedded-viewer.tsx).
import '#client/features/model-viewer/model-viewer.css';

// The browser's surface: rich text arrives rendered (server.tsx), so nothing here pulls in the renderer or
// @contentful/rich-text-types, whose validator modules Rolldown cannot drop (docs/decisions/029-rich-text-as-server-html.md).
export { RichTextHtml, richTextDomId } from '#client/features/rich-text/rich-text-html.tsx';
export type { RenderModel, RichTextHtmlProps } from '#client/features/rich-text/rich-text-html.tsx';
