/** The content model comes from migrations/ (contentful-migration), applied by ./migrate.ts: only files the environment has not had run. */
import { runMigrations } from './migrate.ts';

import type { SetupContext } from './context.ts';

export async function applyContentModel(ctx: SetupContext): Promise<void> {
  ctx.out('Content model (migrations/)');
  const { applied } = await runMigrations({
    client: ctx.cma,
    spaceId: ctx.env.spaceId,
    environmentId: ctx.env.environmentId,
    dryRun: ctx.flags.dryRun,
    log: (line) => ctx.out(`  ${line}`),
  });
  if (applied.length > 0) ctx.out(`  + applied ${applied.join(', ')}`);
}
