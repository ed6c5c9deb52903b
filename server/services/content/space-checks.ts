import { isServed } from '#server/embedded/contentful/export-index.ts';
import { checkSpace, formatProblems } from '#server/services/content/space-check.ts';
import { ALL_TAGS_DEPENDENCY, TAXONOMY_DEPENDENCY } from '#server/services/content/taxonomy.ts';
import { CONTENT_MODEL } from '#shared/content/content-model.ts';

import type { SpaceExport } from '#server/embedded/contentful/space-export-schema.ts';
import type { SpaceStatus, SpaceStatusStore } from '#server/services/content/space-status.ts';
import type { Logger } from 'pino';

export interface SpaceChecksOptions {
  /** Undefined before a replica's first sync. */
  model: () => Omit<SpaceExport, 'entries' | 'assets'> | undefined;
  store: SpaceStatusStore;
  logger: Logger;
  /** While the space is not set up, check again this often (0: only when asked). */
  recheckMs: number;
  /** Before a timed recheck: bring the space up to date. */
  refresh?: () => Promise<unknown>;
  onChange?: (status: SpaceStatus, previous: SpaceStatus) => void;
}

/** axios's own (the sync calls), or inside the JSON message (the SDK's other calls). */
export function errorStatus(error: unknown): number | undefined {
  const direct = (error as { response?: { status?: unknown } } | null)?.response?.status;
  if (typeof direct === 'number') return direct;
  try {
    const status = (JSON.parse((error as Error).message) as { status?: unknown }).status;
    return typeof status === 'number' ? status : undefined;
  } catch {
    return undefined;
  }
}

/** A space without tags or taxonomy answers 4xx there: the site runs without them (ADR 038). Anything else (5xx, 429, network) is a failed read. */
export function orNone(error: unknown): Promise<{ items: never[] }> {
  const status = errorStatus(error);
  return status !== undefined && status >= 400 && status < 500 && status !== 429 ? Promise.resolve({ items: [] }) : Promise.reject(error);
}
function readSpace(model: Omit<SpaceExport, 'entries' | 'assets'>): SpaceStatus {
  return checkSpace({
    contentTypes: model.contentTypes.filter((type) => isServed(type.sys, false)),
    locales: model.locales.filter((locale) => locale.contentDeliveryApi || locale.default),
    hasTags: model.tags.some((tag) => tag.sys.visibility === 'public'),
    hasTaxonomy: model.taxonomy.concepts.length > 0,
  });
}

/** Each new result is logged once: every problem in one structured line and a readable message. */
export function startSpaceChecks(options: SpaceChecksOptions) {
  const { store, recheckMs } = options;
  const log = options.logger.child({ module: 'space-check' });
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  let reported = '';

  const schedule = () => {
    clearTimeout(timer);
    const timed = async () => {
      await options.refresh?.().catch(() => undefined);
      return run();
    };
    if (!stopped && recheckMs > 0) timer = setTimeout(() => void timed(), recheckMs).unref();
  };

  function report(status: SpaceStatus, durationMs: number): void {
    const errors = formatProblems(status.errors);
    const warnings = formatProblems(status.warnings);
    const key = JSON.stringify([status.state, errors, warnings]);
    if (key === reported) return void log.debug({ state: status.state, durationMs }, 'content model unchanged');
    reported = key;
    const fields = { state: status.state, errors, warnings, locales: status.locales, durationMs };
    if (errors.length > 0) {
      const list = errors.join('; ');
      log.error(fields, `content model does not match Vitrine (${errors.length} problems): ${list}. Run npm run setup (docs/own-space.md)`);
    } else if (warnings.length > 0) {
      log.warn(fields, `content model matches with ${warnings.length} warnings (the site degrades): ${warnings.join('; ')}`);
    } else log.info(fields, 'content model matches');
  }

  // Synchronous (the model is in process): checks never overlap.
  function run(): SpaceStatus {
    const started = performance.now();
    const previous = store.get();
    const model = options.model();
    if (!model) {
      // Only before a replica's first sync, which asks again. A space read once keeps its result.
      if (previous.state !== 'ready' && previous.state !== 'not-set-up') store.set({ ...previous, state: 'unreachable' });
      log.warn({}, 'the content model cannot be read before the first sync of the replica');
      return store.get();
    }
    const next = readSpace(model);
    store.set(next);
    report(next, Math.round(performance.now() - started));
    if (next.state !== previous.state || next.locales.join() !== previous.locales.join()) options.onChange?.(next, previous);
    if (next.state === 'not-set-up') schedule();
    return next;
  }

  const recheck = async (): Promise<SpaceStatus> => run();

  const first = recheck();
  return {
    first,
    recheck,
    stop(): void {
      stopped = true;
      clearTimeout(timer);
    },
  };
}

/** Cached results a change of the content model may have made wrong. */
export const MODEL_DEPENDENCIES: readonly string[] = [...Object.keys(CONTENT_MODEL).map((type) => `type:${type}`), ALL_TAGS_DEPENDENCY, TAXONOMY_DEPENDENCY];

const WARNINGS = (status: SpaceStatus) => (status.warnings.length > 0 ? { warnings: [...status.warnings] } : {});
const DETAIL: Record<SpaceStatus['state'], string> = {
  ready: '',
  'not-set-up': 'content model does not match: run npm run setup',
  checking: 'checking the content model',
  unreachable: 'content model could not be read; retrying',
};

export function spaceReadiness(mode: string, status: SpaceStatus) {
  if (status.state === 'ready') return { mode, ready: true, ...WARNINGS(status) };
  const problems = status.state === 'not-set-up' ? { problems: [...status.errors] } : {};
  return { mode, ready: false, detail: DETAIL[status.state], ...problems, ...WARNINGS(status) };
}
