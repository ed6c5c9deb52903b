import { afterEach, beforeEach, vi } from 'vitest';

/**
 * Unexpected console.error / console.warn fail the test that caused them
 * (STYLE.md section 8). A test that expects one spies on console itself.
 */
export function failOnConsole(): void {
  const calls: string[] = [];
  beforeEach(() => {
    calls.length = 0;
    for (const method of ['error', 'warn'] as const) {
      vi.spyOn(console, method).mockImplementation((...args: unknown[]) => {
        calls.push(`console.${method}: ${args.map(String).join(' ')}`);
      });
    }
  });
  afterEach(() => {
    if (calls.length > 0) {
      throw new Error(`Unexpected console output:\n${calls.join('\n')}`);
    }
  });
}
