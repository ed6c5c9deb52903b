import { join } from 'node:path';

import pino from 'pino';

import { createContentCache } from '#server/services/content/content-cache.ts';
import { createContentService } from '#server/services/content/content-service.ts';
import { createContentfulClients } from '#server/services/content/contentful-client.ts';
import { createCdaEngine } from '#server/embedded/contentful/engine.ts';
import { parseSpaceExport } from '#server/embedded/contentful/space-export.ts';
import { DEMO_EXPORT_FILE, readDemoExport } from './contentful.ts';

import type { ContentCache } from '#server/services/content/content-cache.ts';
import type { ContentService } from '#server/services/content/content-service.ts';
import type { ContentfulClients } from '#server/services/content/contentful-client.ts';
import type { FakeContentful, RawExport } from './contentful.ts';

export interface TestContentServiceOptions {
  /** Talk to this fake over HTTP; without it the SDK uses the embedded engine in process. */
  fake?: FakeContentful;
  /** Embedded mode: the export to serve (the demo space by default). */
  data?: RawExport;
  /** Content cache TTL. Default 60 s. */
  ttlMs?: number;
  /** Content cache budget. Default 64 MiB. */
  maxBytes?: number;
  /** SDK per-request timeout. Default 5000 ms. */
  timeoutMs?: number;
}

export interface TestContentService {
  content: ContentService;
  cache: ContentCache;
  clients: ContentfulClients;
  /** What the SDK logged (retry warnings…); it would print to the console otherwise. */
  sdkLog: string[];
  /** Over a fake: a delta sync with the model, so the replica holds what `fake.update` changed (ADR 061). */
  sync: () => Promise<void>;
}

/**
 * A ContentService over real `contentful` clients, built as
 * server/composition.ts builds it, against the embedded engine (in
 * process, through the axios adapter) or a wire-level fake.
 */
export async function createTestContentService(options: TestContentServiceOptions = {}): Promise<TestContentService> {
  const logger = pino({ level: 'silent' });
  const sdkLog: string[] = [];
  const logHandler = (level: string, data: unknown) => void sdkLog.push(`${level}: ${String(data)}`);
  const common = {
    ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
  };
  const { fake } = options;
  const clients = fake
    ? await createContentfulClients(
        {
          contentful: {
            spaceId: fake.env.CONTENTFUL_SPACE_ID ?? '',
            accessToken: fake.env.CONTENTFUL_ACCESS_TOKEN ?? '',
            previewToken: fake.env.CONTENTFUL_PREVIEW_TOKEN,
            host: fake.origin,
          },
          // The replica of the fake's space (ADR 061), in the fake's own DATA_DIR.
          replica: { file: join(fake.env.DATA_DIR ?? '', 'test.replica'), pollMs: 0 },
          ...common,
        },
        { logHandler, logger },
      )
    : await createContentfulClients(common, {
        engine: createCdaEngine(parseSpaceExport(options.data ?? readDemoExport(), DEMO_EXPORT_FILE).space),
        logHandler,
      });
  await clients.replica?.start();
  const cache = createContentCache({ ttlMs: options.ttlMs ?? 60_000, maxBytes: options.maxBytes ?? 64 * 1024 * 1024, logger });
  const content = createContentService({ delivery: clients.delivery, preview: clients.previewAvailable ? clients.preview : undefined, cache, logger });
  return { content, cache, clients, sdkLog, sync: async () => clients.replica?.syncModel() };
}
