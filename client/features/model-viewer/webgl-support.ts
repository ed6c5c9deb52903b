/**
 * WebGL detection with a throwaway canvas, as `<model-viewer>` and three's
 * WebGL.isWebGL2Available do. The probe context is released at once so it
 * never counts against the browser's limit of live contexts.
 */

interface ProbeCanvas {
  getContext(contextId: 'webgl2' | 'webgl'): unknown;
}

type LoseContext = { loseContext(): void } | null;
type ProbeContext = { getExtension(name: 'WEBGL_lose_context'): LoseContext };

function createProbeCanvas(): ProbeCanvas {
  return document.createElement('canvas');
}

/** True when the browser can create a WebGL 2 or WebGL 1 context. */
export function detectWebGL(createCanvas: () => ProbeCanvas = createProbeCanvas): boolean {
  try {
    const canvas = createCanvas();
    const context = (canvas.getContext('webgl2') ?? canvas.getContext('webgl')) as ProbeContext | null;
    if (!context) return false;
    context.getExtension('WEBGL_lose_context')?.loseContext();
    return true;
  } catch {
    return false;
  }
}

let cachedSupport: boolean | undefined;

/** `detectWebGL()` once per page: the answer does not change while the page lives. */
export function getWebGLSupport(): boolean {
  cachedSupport ??= detectWebGL();
  return cachedSupport;
}
