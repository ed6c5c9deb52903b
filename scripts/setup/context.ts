// Failures read as one line, never with the token (the SDK keeps it in error configs).
import { createClient } from 'contentful-management';

import type { SetupEnv, SetupFlags } from './options.ts';
import type { PlainClientAPI } from 'contentful-management';

export const NAME = 'Vitrine';

export interface SetupContext {
  cma: PlainClientAPI;
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
  ctx.out(`  + ${ctx.flags['dry-run'] ? 'would ' : ''}${description}`);
  return ctx.flags['dry-run'] ? undefined : write();
}

export const unchanged = (ctx: SetupContext, description: string) => ctx.out(`  ✓ ${description}`);
export const note = (ctx: SetupContext, description: string) => ctx.out(`  ! ${description}`);

export function createCma(env: SetupEnv, warn: (line: string) => void): PlainClientAPI {
  return createClient(
    {
      accessToken: env.managementToken,
      host: env.host,
      hostUpload: env.hostUpload,
      insecure: env.insecure,
      application: 'vitrine-setup/1',
      // The SDK's default handler prints whole error objects (request headers included) with console.error.
      logHandler: (level: string, data?: unknown) => {
        if (level === 'warning' || level === 'error') warn(typeof data === 'string' ? data : `${level} from the Contentful SDK`);
      },
    },
    { type: 'plain', defaults: { spaceId: env.spaceId, environmentId: env.environmentId } },
  );
}

interface SdkErrorBody {
  status?: number;
  message?: string;
  details?: { errors?: { name?: string; details?: string }[] };
}

export function toSdkFailure(error: unknown): { name: string; status?: number; message: string; network?: true } {
  if (!(error instanceof Error)) return { name: 'Error', message: String(error) };
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && !error.message.startsWith('{')) return { name: code, message: error.message, network: true };
  try {
    const body = JSON.parse(error.message) as SdkErrorBody;
    const reasons = (body.details?.errors ?? []).map((e) => [e.name, e.details].filter(Boolean).join(': ')).filter(Boolean);
    return { name: error.name, status: body.status, message: [body.message, ...reasons].filter(Boolean).join('; ') };
  } catch {
    return { name: error.name, message: error.message };
  }
}

export function describeCmaError(error: unknown, env: SetupEnv, what: string): string {
  const failure = toSdkFailure(error);
  if (failure.status === 401 || failure.name === 'AccessTokenInvalid')
    return `Contentful refused CONTENTFUL_MANAGEMENT_TOKEN (401 ${failure.name}): create a new personal access token (Settings → CMA tokens).`;
  if (failure.status === 403 || failure.name === 'AccessDenied')
    return `The management token may not ${what} (403 AccessDenied): use a token of a space admin, or do it in the web app.`;
  if (failure.status === 404 && what === 'read the space')
    return (
      `Space "${env.spaceId}" or environment "${env.environmentId}" was not found, or the token cannot see it: ` +
      'check CONTENTFUL_SPACE_ID and CONTENTFUL_ENVIRONMENT.'
    );
  if (failure.network) return `Could not reach the Content Management API at ${env.host} (${failure.name}) to ${what}: check CONTENTFUL_MANAGEMENT_HOST.`;
  if (!failure.status) return `Setup failed while trying to ${what}: ${failure.name}: ${failure.message}`;
  return `Contentful answered ${failure.status} ${failure.name} when trying to ${what}: ${failure.message}`;
}

/** Also the last 5 characters the SDK leaves in redacted headers. */
export const scrubToken = (token: string) => (text: string) => text.replaceAll(token, '[redacted]').replaceAll(`...${token.slice(-5)}`, '...[redacted]');
