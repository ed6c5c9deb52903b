import { readFileSync } from 'node:fs';

import type { Cma } from './cma.ts';
import type { SetupEnv, SetupFlags } from './options.ts';

export const NAME = 'Vitrine';

export interface SetupContext {
  cma: Cma;
  env: SetupEnv;
  flags: SetupFlags;
  out: (line: string) => void;
}

/** Its message is printed as is. */
export class SetupError extends Error {
  override name = 'SetupError';
}

/** The one way a step changes the space, so --dry-run can never write. */
export async function change<T>(ctx: SetupContext, description: string, write: () => Promise<T>): Promise<T | undefined> {
  ctx.out(`  + ${ctx.flags.dryRun ? 'would ' : ''}${description}`);
  return ctx.flags.dryRun ? undefined : write();
}

export function unchanged(ctx: SetupContext, description: string): void {
  ctx.out(`  ✓ ${description}`);
}

export function note(ctx: SetupContext, description: string): void {
  ctx.out(`  ! ${description}`);
}

export function readJson<T>(relativeToRepo: string): T {
  return JSON.parse(readFileSync(new URL(`../../${relativeToRepo}`, import.meta.url), 'utf8')) as T;
}
