// `npm run setup` (docs/own-space.md). Idempotent; --dry-run writes nothing.
import { ensureApiKey, ensureWebhook } from './access.ts';
import { createCma, createScrubber, describeCmaError } from './cma.ts';
import { SetupError } from './context.ts';
import { importDemoContent } from './demo-content.ts';
import { ensureLocales } from './locales.ts';
import { applyContentModel } from './model-step.ts';
import { printNextSteps } from './next-steps.ts';
import { ensureContentPreview } from './preview-step.ts';
import { loadEnv, parseFlags, readSetupEnv, USAGE } from './options.ts';
import { ensureTags, printTaxonomyNotes } from './tags.ts';

import type { SetupContext } from './context.ts';

type Io = { out: (line: string) => void; err: (line: string) => void };

/** Exit code: 0 done, 1 failed, 2 wrong usage. Tests raise `importRateLimit`. */
export async function main(argv: string[], rawEnv: Record<string, string | undefined>, io: Io, options: { importRateLimit?: number } = {}): Promise<number> {
  const flags = parseFlags(argv);
  if (!flags.ok) {
    for (const error of flags.errors) io.err(`setup: ${error}`);
    io.err(USAGE);
    return 2;
  }
  if (flags.value.help) {
    io.out(USAGE);
    return 0;
  }
  const env = readSetupEnv(rawEnv);
  if (!env.ok) {
    for (const error of env.errors) io.err(error);
    return 1;
  }
  const scrub = createScrubber([env.value.managementToken]);
  const out = (line: string) => io.out(scrub(line));
  const cma = createCma(env.value, (line) => out(`  (Contentful SDK) ${line}`));
  const ctx: SetupContext = { cma, env: env.value, flags: flags.value, out };
  let step = 'read the space';
  try {
    const space = await cma.space.get({});
    await cma.environment.get({});
    const where = `${env.value.insecure ? 'http' : 'https'}://${env.value.host}`;
    out(`Setting up space "${space.name}" (${space.sys.id}), environment ${env.value.environmentId}, at ${where}${flags.value.dryRun ? ' (dry run)' : ''}`);
    step = 'manage locales';
    const locales = await ensureLocales(ctx);
    step = 'change the content model';
    await applyContentModel(ctx);
    step = 'manage tags';
    await ensureTags(ctx);
    printTaxonomyNotes(ctx);
    if (flags.value.withDemoContent) {
      step = 'import the demo content';
      await importDemoContent(ctx, locales, { rateLimit: options.importRateLimit ?? 7 });
    }
    step = 'manage API keys';
    const tokens = await ensureApiKey(ctx);
    step = 'manage webhooks';
    const webhook = await ensureWebhook(ctx);
    step = 'configure content preview';
    const origin = env.value.publicUrl ?? 'http://localhost:3000';
    const secret = await ensureContentPreview(ctx, origin);
    printNextSteps(ctx, tokens, webhook, { origin, secret });
    return 0;
  } catch (error) {
    io.err(scrub(error instanceof SetupError ? error.message : describeCmaError(error, env.value, step)));
    return 1;
  }
}

if (import.meta.main) {
  const env = loadEnv(process.cwd(), process.env);
  process.exitCode = await main(process.argv.slice(2), env, {
    out: (line) => process.stdout.write(`${line}\n`),
    err: (line) => process.stderr.write(`${line}\n`),
  });
}
