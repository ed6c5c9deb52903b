import { ConfigError, loadConfig } from '#server/config.ts';

/** What `loadConfig` refuses in `env`, as its messages ("NAME: what is wrong"); empty when it accepts it. */
export function configIssues(env: Record<string, string | undefined>): string[] {
  try {
    loadConfig(env);
    return [];
  } catch (error) {
    if (error instanceof ConfigError) return error.issues;
    throw error;
  }
}
