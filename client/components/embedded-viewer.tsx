import type { RenderModel } from '#client/features/rich-text/index.ts';

let renderer: Promise<RenderModel> | undefined;

/**
 * The viewer for models embedded in rich text, loaded on first use: most
 * articles embed none, so the viewer's shell is not in their first load.
 * The shell's stylesheet is (client/features/rich-text/index.ts), because
 * the server renders each embed's poster figure into the HTML.
 * Stable across calls, so embedded viewers are not re-mounted.
 */
export function loadEmbeddedViewer(): Promise<RenderModel> {
  renderer ??= import('#client/features/model-viewer/index.ts').then(
    ({ ModelViewer }) =>
      function renderEmbeddedViewer(source) {
        return <ModelViewer source={source} />;
      },
    (error: unknown) => {
      renderer = undefined; // let a later page try again
      throw error;
    },
  );
  return renderer;
}
