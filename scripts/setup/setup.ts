// `npm run setup` (docs/own-space.md). Idempotent; --dry-run writes nothing.
import { ensureApiKey, ensureContentPreview, ensureWebhook, printNextSteps } from './access.ts';
import { createCma, describeCmaError, scrubToken, SetupError } from './context.ts';
import { importDemoContent } from './demo-content.ts';
import { applyContentModel } from './model-step.ts';
import { loadEnv, parseFlags, readSetupEnv, USAGE } from './options.ts';
import { ensureLocales, ensureTags, printTaxonomyNotes } from './space-settings.ts';

import type { SetupContext } from './context.ts';
import type { SetupFlags } from './options.ts';

type Io = { out: (line: string) => void; err: (line: string) => void };

/** Exit code: 0 done, 1 failed, 2 wrong usage. Tests raise `importRateLimit`. */
export async function main(argv: string[], rawEnv: Record<string, string | undefined>, io: Io, options: { importRateLimit?: number } = {}): Promise<number> {
  let flags: SetupFlags;
  try {
    flags = parseFlags(argv);
  } catch (error) {
    io.err(`setup: ${(error as Error).message}`);
    io.err(USAGE);
    return 2;
  }
  if (flags.help) return (io.out(USAGE), 0);
  let scrub = (text: string) => text;
  try {
    const env = readSetupEnv(rawEnv);
    scrub = scrubToken(env.managementToken);
    const out = (line: string) => io.out(scrub(line));
    const cma = createCma(env, (line) => out(`  (Contentful SDK) ${line}`));
    const ctx: SetupContext = { cma, env, flags, out };
    /** Each step's failure becomes one line that names what it was doing. */
    const run = <T>(what: string, step: (ctx: SetupContext) => Promise<T>) =>
      step(ctx).catch((error: unknown) => {
        throw error instanceof SetupError ? error : new SetupError(describeCmaError(error, env, what));
      });
    const [space] = await run('read the space', () => Promise.all([cma.space.get({}), cma.environment.get({})]));
    const where = `${env.insecure ? 'http' : 'https'}://${env.host}`;
    out(`Setting up space "${space.name}" (${space.sys.id}), environment ${env.environmentId}, at ${where}${flags['dry-run'] ? ' (dry run)' : ''}`);
    const locales = await run('manage locales', ensureLocales);
    await run('change the content model', applyContentModel);
    await run('manage tags', ensureTags);
    printTaxonomyNotes(ctx);
    if (flags['with-demo-content']) await run('import the demo content', () => importDemoContent(ctx, locales, options.importRateLimit ?? 7));
    const tokens = await run('manage API keys', ensureApiKey);
    const newSecret = await run('manage webhooks', ensureWebhook);
    const origin = env.publicUrl ?? 'http://localhost:3000';
    const secret = await run('configure content preview', () => ensureContentPreview(ctx, origin));
    printNextSteps(ctx, tokens, newSecret, origin, secret);
    return 0;
  } catch (error) {
    io.err(scrub(error instanceof SetupError ? error.message : String(error)));
    return 1;
  }
}

if (import.meta.main) {
  process.exitCode = await main(process.argv.slice(2), loadEnv(process.cwd(), process.env), {
    out: (line) => process.stdout.write(`${line}\n`),
    err: (line) => process.stderr.write(`${line}\n`),
  });
}
