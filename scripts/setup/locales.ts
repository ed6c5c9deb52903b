import { DEFAULT_LOCALE } from '#shared/content/types.ts';

import { toSdkFailure } from './cma.ts';
import { change, note, readJson, SetupError, unchanged } from './context.ts';

import type { SpaceSource } from '../content/build/content-model.ts';
import type { SetupContext } from './context.ts';

/** The demo import leaves out fields of the others. */
export async function ensureLocales(ctx: SetupContext): Promise<string[]> {
  ctx.out('Locales');
  const wanted = readJson<SpaceSource>('content/source/space.json').locales;
  const { items } = await ctx.cma.locale.getMany({ query: { limit: 1000 } });
  const current = items.find((l) => l.default);
  if (current && current.code !== DEFAULT_LOCALE)
    throw new SetupError(
      `The default locale of environment "${ctx.env.environmentId}" is ${current.code}; Vitrine serves ${DEFAULT_LOCALE} as the default ` +
        `(unprefixed routes, fallbacks). Make ${DEFAULT_LOCALE} the default in Settings → Locales, or set up a new environment, then run setup again.`,
    );
  unchanged(ctx, `${DEFAULT_LOCALE} is the default locale`);
  const present: string[] = [DEFAULT_LOCALE];
  for (const locale of wanted.filter((l) => !l.default)) {
    const existing = items.find((l) => l.code === locale.code);
    if (existing) {
      present.push(locale.code);
      unchanged(ctx, `${locale.code} exists`);
      if (existing.fallbackCode !== locale.fallbackCode)
        note(ctx, `${locale.code} falls back to ${existing.fallbackCode ?? 'nothing'}; Vitrine expects ${locale.fallbackCode} (Settings → Locales).`);
      continue;
    }
    if (!ctx.flags.german) {
      ctx.out(`  - ${locale.code} left out (--no-german): the site serves ${DEFAULT_LOCALE} only`);
      continue;
    }
    const data = {
      name: locale.name,
      code: locale.code,
      fallbackCode: locale.fallbackCode,
      optional: locale.optional,
      contentDeliveryApi: true,
      contentManagementApi: true,
    };
    try {
      await change(ctx, `create locale ${locale.code} (${locale.name}, fallback ${locale.fallbackCode})`, () => ctx.cma.locale.create({}, data));
      present.push(locale.code);
    } catch (error) {
      if (toSdkFailure(error).status !== 403) throw error;
      note(ctx, `the token may not create locales: add ${locale.name} (${locale.code}, fallback ${locale.fallbackCode}) in Settings → Locales.`);
    }
  }
  return present;
}
