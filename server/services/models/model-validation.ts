import { validateBytesInWorker } from '#server/services/models/gltf-validator-thread.ts';
import { modelFacts, readGltfJson } from '#server/services/models/model-facts.ts';
import { tryDecode } from '#shared/http/safe-redirect.ts';

import type { ModelCheck } from '#shared/content/types.ts';
import type { ValidationMessage, ValidationReport } from 'gltf-validator';

/** Messages kept per severity; the counts stay exact. */
const MAX_MESSAGES = 5;
/** A broken file can yield one issue per vertex. */
const MAX_ISSUES = 100;

/** Its message becomes the error. */
export class ExternalFileError extends Error {}

export type ResolveExternal = (uri: string) => Promise<{ bytes: Uint8Array; warning?: string }>;

const EXTENSIONS = {
  draco: ['KHR_draco_mesh_compression'],
  meshopt: ['EXT_meshopt_compression', 'KHR_meshopt_compression'],
  ktx2: ['KHR_texture_basisu'],
};

/** Validator errors after which three's GLTFLoader cannot load or draw the file; others (bad normals, bounds) are reported but the viewer starts. */
const FATAL_CODES = [
  'INVALID_JSON',
  'BUFFER_MISSING_GLB_DATA',
  'BUFFER_BYTE_LENGTH_MISMATCH',
  'BUFFER_VIEW_TOO_LONG',
  'ACCESSOR_TOO_LONG',
  'UNRESOLVED_REFERENCE',
  'NODE_LOOP',
  'UNKNOWN_ASSET_MAJOR_VERSION',
];
const FATAL = new RegExp(`^(GLB_|(${FATAL_CODES.join('|')})$)`);

const where = (m: ValidationMessage) => (m.pointer ? ` (${m.pointer})` : m.offset === undefined ? '' : ` (byte ${m.offset})`);

/** `viewable` is false when an error would make the viewer fail. */
export async function validateModel(bytes: Uint8Array, fileName: string, resolveExternal: ResolveExternal): Promise<ModelCheck> {
  const external = new Map<string, string>();
  const warnings: string[] = [];
  const loadExternal = async (uri: string) => {
    const name = tryDecode(uri) ?? uri;
    try {
      const file = await resolveExternal(name);
      if (file.warning) warnings.push(`external file ${name}: ${file.warning}`);
      return standalone(file.bytes);
    } catch (error) {
      external.set(name, `external file ${name}: ${error instanceof ExternalFileError ? error.message : 'could not be read'}`);
      throw error;
    }
  };
  let report: ValidationReport;
  try {
    report = await validateBytesInWorker(standalone(bytes), { uri: fileName, maxIssues: MAX_ISSUES, writeTimestamp: false }, loadExternal);
  } catch (error) {
    // The validator rejects with a string when the bytes are neither glTF JSON nor GLB.
    return unviewable(`${fileName}: not a glTF file (${String(error)})`);
  }
  const issues = report.issues.messages;
  // IO_ERROR is the validator's echo of a failed external load; our own message says which file and what to do.
  const json = readGltfJson(bytes);
  const hasScene = Array.isArray(json?.scenes) && json.scenes.length > 0;
  const own = [...external.values(), ...(report.info && !hasScene ? [`${fileName}: has no scene to show`] : [])];
  // Fatal ones first: only the first few messages are kept.
  const validatorErrors = issues
    .filter((m) => m.severity === 0 && m.code !== 'IO_ERROR')
    .sort((a, b) => Number(FATAL.test(b.code)) - Number(FATAL.test(a.code)));
  const ownWarnings = warnings.length;
  warnings.push(...issues.filter((m) => m.severity === 1).map((m) => m.message + where(m)));
  const ioErrors = issues.filter((m) => m.code === 'IO_ERROR').length;
  const errorCount = report.issues.numErrors - ioErrors + own.length;
  const warningCount = report.issues.numWarnings + ownWarnings;
  const viewable = own.length === 0 && !validatorErrors.some((m) => FATAL.test(m.code));
  return {
    viewable,
    errorCount,
    warningCount,
    errors: [...own, ...validatorErrors.map((m) => m.message + where(m))].slice(0, MAX_MESSAGES),
    warnings: warnings.slice(0, MAX_MESSAGES),
    needs: needsOf(report),
    ...modelFacts(json),
  };
}

export function unviewable(message: string): ModelCheck {
  return {
    viewable: false,
    errorCount: 1,
    warningCount: 0,
    errors: [message],
    warnings: [],
    needs: { draco: false, meshopt: false, ktx2: false, externalFiles: [] },
  };
}

function needsOf(report: ValidationReport): ModelCheck['needs'] {
  const used = new Set(report.info?.extensionsUsed ?? []);
  const uses = (names: string[]) => names.some((name) => used.has(name));
  const externalFiles = (report.info?.resources ?? []).flatMap((r) => (r.storage === 'external' && r.uri ? [tryDecode(r.uri) ?? r.uri] : []));
  return { draco: uses(EXTENSIONS.draco), meshopt: uses(EXTENSIONS.meshopt), ktx2: uses(EXTENSIONS.ktx2), externalFiles };
}

// The validator reads the whole ArrayBuffer behind a view: a Buffer from Node's shared pool would hand it other files' bytes.
const standalone = (bytes: Uint8Array) => (bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength ? bytes : new Uint8Array(bytes));
