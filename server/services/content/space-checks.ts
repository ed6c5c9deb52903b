import { checkSpace, formatProblems } from '#server/services/content/space-check.ts';
import { ALL_TAGS_DEPENDENCY, TAXONOMY_DEPENDENCY } from '#server/services/content/taxonomy.ts';
import { CONTENT_MODEL } from '#shared/content/content-model.ts';

import type { SpaceStatus, SpaceStatusStore } from '#server/services/content/space-status.ts';
import type { ContentfulClientApi } from 'contentful';
import type { Logger } from 'pino';

/** The SDK calls the check makes: the same in both modes (the embedded engine answers `content_types` and `locales`). */
export type SpaceModelClient = Pick<ContentfulClientApi<undefined>, 'getContentTypes' | 'getLocales' | 'getTags' | 'getConcepts'>;

export interface SpaceChecksOptions {
  client: SpaceModelClient;
  store: SpaceStatusStore;
  logger: Logger;
  /** While the space is not set up, check again this often (0: only when asked, e.g. by a webhook). */
  recheckMs: number;
  /** Once it matches, check again this often (0: never): a locale added or a field removed arrives without a webhook (there is no Locale topic to rely on). */
  readyRecheckMs?: number;
  /** Before a timed recheck: bring the space up to date (a replica re-reads the model, ADR 061). */
  refresh?: () => Promise<unknown>;
  /** After a failed read: first retry delay, doubled per failure up to `maxRetryMs`. */
  retryMs?: number;
  maxRetryMs?: number;
  /** Called when the state or the served locales changed. */
  onChange?: (status: SpaceStatus, previous: SpaceStatus) => void;
}

/** The HTTP status of a `contentful` SDK error: axios's own (the sync calls), or inside the JSON message (the others). */
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

/** A space without tags or taxonomy answers 4xx there: the site runs without them. Anything else (5xx, 429, network) is a failed read. */
export const isUnavailableFeature = (error: unknown): boolean => {
  const status = errorStatus(error);
  return status !== undefined && status >= 400 && status < 500 && status !== 429;
};
const orAbsent = (answer: Promise<boolean>) => answer.catch((error: unknown) => (isUnavailableFeature(error) ? false : Promise.reject(error)));

async function readSpace(client: SpaceModelClient): Promise<SpaceStatus> {
  const [contentTypes, locales, hasTags, hasTaxonomy] = await Promise.all([
    // The SDK types only `query`, but passes any parameter on: one page of up to 1000 (the CDA's maximum).
    client.getContentTypes({ limit: 1000 } as Parameters<SpaceModelClient['getContentTypes']>[0]),
    client.getLocales(),
    orAbsent(client.getTags({ limit: 1 }).then((tags) => tags.total > 0)),
    orAbsent(client.getConcepts({ limit: 1000 }).then((concepts) => concepts.items.length > 0)),
  ]);
  return checkSpace({ contentTypes: contentTypes.items, locales: locales.items, hasTags, hasTaxonomy });
}

/**
 * Checks the space now and again when asked (webhook), while it is not set up (`recheckMs`) and after a failed read (backoff).
 * Each new result is logged once: every problem in one structured line and a readable message.
 */
export function startSpaceChecks(options: SpaceChecksOptions) {
  const { store, recheckMs, readyRecheckMs = 0, retryMs = 1000, maxRetryMs = 60_000 } = options;
  const log = options.logger.child({ module: 'space-check' });
  let running: Promise<SpaceStatus> | undefined;
  let queued = false;
  let failures = 0;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  let reported = '';

  const schedule = (delayMs: number) => {
    clearTimeout(timer);
    const timed = async () => {
      await options.refresh?.().catch(() => undefined);
      return recheck();
    };
    if (!stopped && delayMs > 0) timer = setTimeout(() => void timed(), delayMs).unref();
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

  async function run(): Promise<SpaceStatus> {
    const started = performance.now();
    const previous = store.get();
    try {
      const next = await readSpace(options.client);
      failures = 0;
      store.set(next);
      report(next, Math.round(performance.now() - started));
      if (next.state !== previous.state || next.locales.join() !== previous.locales.join()) options.onChange?.(next, previous);
      schedule(next.state === 'not-set-up' ? recheckMs : readyRecheckMs);
      return next;
    } catch (error) {
      failures += 1;
      const delayMs = Math.min(retryMs * 2 ** (failures - 1), maxRetryMs);
      // A space that answered once keeps its last result through an outage; one never read is 'unreachable' (pages keep trying).
      const known = previous.state === 'ready' || previous.state === 'not-set-up';
      if (!known) store.set({ ...previous, state: 'unreachable' });
      // Not the SDK's error itself: its message carries the request headers, the token's last characters included.
      const reason = errorStatus(error) === undefined ? (error as Error).message : `${errorStatus(error)} ${(error as Error).name}`;
      log.warn({ reason, failures, retryInMs: delayMs }, 'could not read the content model; retrying');
      schedule(delayMs);
      return store.get();
    }
  }

  /** Checks again (coalesced: a request during a check runs one more after it). */
  function recheck(): Promise<SpaceStatus> {
    if (running) {
      queued = true;
      return running;
    }
    running = run().finally(() => {
      running = undefined;
      if (queued && !stopped) {
        queued = false;
        void recheck();
      }
    });
    return running;
  }

  const first = recheck();
  return {
    /** The first check's result (logged either way). */
    first,
    recheck,
    stop(): void {
      stopped = true;
      clearTimeout(timer);
    },
  };
}

export type SpaceChecks = ReturnType<typeof startSpaceChecks>;

/** Cached results a change of the content model may have made wrong: everything read by content type, the tag list and the taxonomy. */
export const MODEL_DEPENDENCIES: readonly string[] = [...Object.keys(CONTENT_MODEL).map((type) => `type:${type}`), ALL_TAGS_DEPENDENCY, TAXONOMY_DEPENDENCY];

const WARNINGS = (status: SpaceStatus) => (status.warnings.length > 0 ? { warnings: [...status.warnings] } : {});
const DETAIL: Record<SpaceStatus['state'], string> = {
  ready: '',
  'not-set-up': 'content model does not match: run npm run setup',
  checking: 'checking the content model',
  unreachable: 'content model could not be read; retrying',
};

/** The `content` entry of /readyz: not ready until the space is checked and matches; problems and warnings listed. */
export function spaceReadiness(mode: string, status: SpaceStatus) {
  if (status.state === 'ready') return { mode, ready: true, ...WARNINGS(status) };
  const problems = status.state === 'not-set-up' ? { problems: [...status.errors] } : {};
  return { mode, ready: false, detail: DETAIL[status.state], ...problems, ...WARNINGS(status) };
}
