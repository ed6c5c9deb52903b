/**
 * The Basis (KTX2) transcoder worker, under `public/decoders/basis/`: written
 * by scripts/copy-decoders.ts, started by the viewer's KTX2 loader, given its
 * own CSP by the server (docs/decisions/004-model-viewer.md).
 */
export const BASIS_WORKER_FILE = 'basis_worker.js';
export const BASIS_WORKER_PATH = `/decoders/basis/${BASIS_WORKER_FILE}`;
