/**
 * The decoder workers under `public/decoders/`: written by
 * scripts/copy-decoders.ts, started by the viewer's loaders
 * (client/features/model-viewer/), given their own CSP by the server. Every
 * wasm decoder runs in one of these, loaded from a URL on our origin, so no
 * page needs `'wasm-unsafe-eval'` (docs/decisions/004-model-viewer.md).
 */
export const BASIS_WORKER_FILE = 'basis_worker.js';
export const BASIS_WORKER_PATH = `/decoders/basis/${BASIS_WORKER_FILE}`;
export const DRACO_WORKER_FILE = 'draco_worker.js';
export const DRACO_WORKER_PATH = `/decoders/draco/${DRACO_WORKER_FILE}`;
export const MESHOPT_WORKER_FILE = 'meshopt_worker.js';
export const MESHOPT_WORKER_PATH = `/decoders/meshopt/${MESHOPT_WORKER_FILE}`;

/** Every decoder worker script, by URL path. */
export const DECODER_WORKER_PATHS: readonly string[] = [BASIS_WORKER_PATH, DRACO_WORKER_PATH, MESHOPT_WORKER_PATH];
