import './rich-text.css';
// Embedded models' posters are in the server's HTML before the viewer's code loads.
import '#client/features/model-viewer/model-viewer.css';

// Rich text arrives rendered (server.tsx): nothing here pulls in @contentful/rich-text-types, whose validators Rolldown cannot drop (ADR 029).
export { RichTextHtml } from '#client/features/rich-text/rich-text-html.tsx';
export type { RenderModel } from '#client/features/rich-text/rich-text-html.tsx';
