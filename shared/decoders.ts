// Given their own CSP by the server, so no page needs 'wasm-unsafe-eval' (ADR 004).
export const BASIS_WORKER_FILE = 'basis_worker.js';
export const BASIS_WORKER_PATH = `/decoders/basis/${BASIS_WORKER_FILE}`;
export const DRACO_WORKER_FILE = 'draco_worker.js';
export const DRACO_WORKER_PATH = `/decoders/draco/${DRACO_WORKER_FILE}`;
export const MESHOPT_WORKER_FILE = 'meshopt_worker.js';
export const MESHOPT_WORKER_PATH = `/decoders/meshopt/${MESHOPT_WORKER_FILE}`;

export const DECODER_WORKER_PATHS: readonly string[] = [BASIS_WORKER_PATH, DRACO_WORKER_PATH, MESHOPT_WORKER_PATH];
