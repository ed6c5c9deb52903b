import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

import { withTimeout } from '#shared/timeout.ts';

import type { ValidationOptions, ValidationReport } from 'gltf-validator';

// The Khronos validator is a dart2js bundle that holds ~7 MB of RSS once loaded, and a process loads it for a few files at start
// and after webhooks: it runs in a worker thread that ends with the validation, so the serving process never keeps it (ADR 055).
// The worker is plain CommonJS evaluated from this string: the production build bundles server files, a worker file would need its own entry.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { validateBytes } = require(workerData.validator);
const files = new Map();
let nextFile = 0;
parentPort.on('message', (message) => {
  const file = files.get(message.file);
  files.delete(message.file);
  if (file) message.error === undefined ? file.resolve(message.bytes) : file.reject(new Error(message.error));
});
const externalResourceFunction = (uri) => new Promise((resolve, reject) => {
  const file = nextFile++;
  files.set(file, { resolve, reject });
  parentPort.postMessage({ type: 'file', file, uri });
});
validateBytes(workerData.bytes, { ...workerData.options, externalResourceFunction }).then(
  (report) => parentPort.postMessage({ type: 'done', report }),
  (error) => parentPort.postMessage({ type: 'failed', error: String(error) }),
);
`;

const validatorPath = createRequire(import.meta.url).resolve('gltf-validator');
/** A worker past these is ended: the caller's timeout (MODEL_FILE_LIMITS) abandons a validation, this stops its work. */
const MAX_RUN_MS = 30_000;
const WORKER_LIMITS = { maxOldGenerationSizeMb: 512 };

type FromWorker = { type: 'file'; file: number; uri: string } | { type: 'done'; report: ValidationReport } | { type: 'failed'; error: string };

/** `externalResourceFunction` runs in the caller's thread. Rejects with the validator's own string when it refuses the bytes. */
export async function validateBytesInWorker(
  bytes: Uint8Array,
  options: Omit<ValidationOptions, 'externalResourceFunction'>,
  externalResourceFunction: (uri: string) => Promise<Uint8Array>,
): Promise<ValidationReport> {
  const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { validator: validatorPath, bytes, options }, resourceLimits: WORKER_LIMITS });
  const run = new Promise<ValidationReport>((resolve, reject) => {
    worker.on('error', reject);
    worker.on('exit', (code) => reject(new Error(`the validator's worker ended (exit code ${code})`)));
    worker.on('message', (message: FromWorker) => {
      if (message.type === 'done') resolve(message.report);
      else if (message.type === 'failed') reject(message.error);
      else
        externalResourceFunction(message.uri).then(
          (file) => worker.postMessage({ file: message.file, bytes: file }),
          (error: unknown) => worker.postMessage({ file: message.file, error: error instanceof Error ? error.message : String(error) }),
        );
    });
  });
  try {
    return await withTimeout(run, MAX_RUN_MS, () => {
      throw new Error(`validation took longer than ${MAX_RUN_MS / 1000} s`);
    });
  } finally {
    void worker.terminate();
  }
}
