import { randomBytes } from 'node:crypto';

import { CONTENTFUL_WEBHOOK_PATH } from '#shared/constants.ts';

import { WEBHOOK_TOPICS } from './access.ts';
import { previewUrls } from './preview-step.ts';

import type { ApiTokens, WebhookResult } from './access.ts';
import type { SetupContext } from './context.ts';

const placeholder = (what: string) => `<${what}: shown on a run without --dry-run>`;

export function printNextSteps(ctx: SetupContext, tokens: ApiTokens, webhook: WebhookResult, preview: { origin: string; secret: string }): void {
  const { env, flags } = ctx;
  const previewSecret = preview.secret;
  const lines = [
    `CONTENTFUL_SPACE_ID=${env.spaceId}`,
    ...(env.environmentId === 'master' ? [] : [`CONTENTFUL_ENVIRONMENT=${env.environmentId}`]),
    // EU data residency: the delivery API lives beside the management API.
    ...(env.host.endsWith('.eu.contentful.com') ? ['CONTENTFUL_HOST=cdn.eu.contentful.com'] : []),
    `CONTENTFUL_ACCESS_TOKEN=${tokens.delivery ?? placeholder('delivery token')}`,
    `CONTENTFUL_PREVIEW_TOKEN=${tokens.preview ?? placeholder('preview token')}`,
    ...(webhook.newSecret ? [`CONTENTFUL_WEBHOOK_SECRET=${webhook.newSecret}`] : []),
    ...(env.previewSecret ? [] : [`PREVIEW_SECRET=${previewSecret}`, `COOKIE_SECRET=${randomBytes(32).toString('base64url')}`]),
    ...(env.publicUrl ? [] : ['# PUBLIC_URL=https://your-site.example  (the public origin: canonical URLs, sitemap, webhook)']),
  ];
  const { origin } = preview;
  ctx.out('');
  ctx.out(flags.dryRun ? 'Dry run: nothing was changed. Without --dry-run, setup would finish with these steps:' : 'Next steps');
  ctx.out('  1. Put these lines into .env (secrets: .env is git-ignored; keep them out of tickets and chat):');
  for (const line of lines) ctx.out(`       ${line}`);
  if (!webhook.newSecret) ctx.out("     Keep CONTENTFUL_WEBHOOK_SECRET as it is (setup did not change the space's signing secret).");
  ctx.out(`  2. Webhook: ${origin}${CONTENTFUL_WEBHOOK_PATH}, topics ${WEBHOOK_TOPICS.join(', ')},`);
  ctx.out(`     filtered to environment ${env.environmentId}, request verification with CONTENTFUL_WEBHOOK_SECRET (Settings → Webhooks).`);
  ctx.out('  3. Preview: Settings → Content preview has a "Vitrine" platform (Live Preview pane included) with these URLs:');
  for (const [type, url] of Object.entries(previewUrls(origin, '<PREVIEW_SECRET>'))) ctx.out(`       ${type}: ${url}`);
  ctx.out(`     Live Preview frames pages only from PREVIEW_FRAME_ANCESTORS (default app.contentful.com and app.eu.contentful.com).`);
  ctx.out('  4. Start and check: npm start, then curl -s http://localhost:3000/readyz (200 once the space matches; 503 lists what does not).');
  ctx.out('     Step by step, and what to do when a page says "not set up yet": docs/own-space.md');
}
