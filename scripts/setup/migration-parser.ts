/**
 * contentful-migration's parser driven through the caller's contentful-management client (ADR 036): the parser turns a
 * migration function into request batches against the space's current state; we send them with `client.raw.http`, so
 * the client's host, plain-http (`insecure`) and token settings apply, and nothing is printed, prompted or written to disk.
 */
import { createRequire } from 'node:module';

import type { PlainClientAPI } from 'contentful-management';

export type MigrationFunction = (migration: unknown, context: Record<string, unknown>) => unknown;

export interface MigrationRequest {
  method: string;
  url: string;
  headers?: Record<string, unknown>;
  data?: unknown;
}

interface PlanMessage {
  heading: string;
  details: string[];
  sections: { heading: string; details: string[] }[];
}

interface Batch {
  intent: { toPlanMessage(): PlanMessage; shouldPublish(): boolean; getContentTypeId(): string };
  requests: MigrationRequest[];
  validationErrors: { message: string }[];
  runtimeErrors: { message: string }[];
}

interface ParseResult {
  batches: Batch[];
  stepsValidationErrors: { message: string }[];
  payloadValidationErrors: { message: string }[];
}

type MakeRequest = (request: MigrationRequest) => Promise<unknown>;
type CreateParser = (makeRequest: MakeRequest, config: Record<string, unknown>) => (migration: MigrationFunction) => Promise<ParseResult>;

// The parser is the library inside contentful-migration's runMigration, which hard-codes https:// and prints to the console.
const { createMigrationParser } = createRequire(import.meta.url)('contentful-migration/built/lib/migration-parser.js') as {
  createMigrationParser: CreateParser;
};

export interface SpaceTarget {
  client: PlainClientAPI;
  spaceId: string;
  environmentId: string;
}

export interface ParsedMigration {
  requests: MigrationRequest[];
  plan: string[];
  errors: string[];
}

export function createRequestSender({ client, spaceId, environmentId }: SpaceTarget): MakeRequest {
  const base = `/spaces/${encodeURIComponent(spaceId)}/environments/${encodeURIComponent(environmentId)}`;
  return ({ url, ...config }) => client.raw.http(`${base}/${url.replace(/^\/+/, '')}`, config as Parameters<PlainClientAPI['raw']['http']>[1]);
}

function renderPlan(batches: Batch[]): string[] {
  return batches.flatMap((batch) => {
    const { heading, details, sections } = batch.intent.toPlanMessage();
    const lines = [heading, ...details.map((detail) => `  - ${detail}`)];
    for (const section of sections) lines.push(`  ${section.heading}`, ...section.details.map((detail) => `    - ${detail}`));
    if (batch.intent.shouldPublish()) lines.push(`  Publish content type ${batch.intent.getContentTypeId()}`);
    return lines;
  });
}

/** Plans a migration against the space as it is now: its requests, a readable plan, and every error the parser found. */
export async function parseMigration(target: SpaceTarget, migration: MigrationFunction): Promise<ParsedMigration> {
  const config = { spaceId: target.spaceId, environmentId: target.environmentId, requestBatchSize: 100 };
  const result = await createMigrationParser(createRequestSender(target), config)(migration);
  const errors = [
    ...result.stepsValidationErrors,
    ...result.payloadValidationErrors,
    ...result.batches.flatMap((batch) => [...batch.validationErrors, ...batch.runtimeErrors]),
  ].map((error) => error.message);
  return { requests: result.batches.flatMap((batch) => batch.requests), plan: renderPlan(result.batches), errors };
}
