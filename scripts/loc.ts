/**
 * `npm run loc`: how much non-test source there is to read.
 * Counts the non-blank lines (comments are read too, so they count) of .ts/.tsx/.css/.js
 * files under server/, client/, shared/ and scripts/ that git tracks, leaving out tests
 * (`*.test.*`, `*.e2e.*`) and test support, and lists the files over 250 lines (all lines)
 * and the lines over 160 characters.
 *
 *   node scripts/loc.ts [rev]     # a commit instead of the work tree
 *   node scripts/loc.ts --check   # CI: exit 1 when a file or a line is over its limit
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';

const FOLDERS = ['server', 'client', 'shared', 'scripts'];
const SOURCE = /\.(ts|tsx|css|js|mjs)$/;
const TEST = /\.(test|e2e)\.[jt]sx?$|(^|\/)(test-|__fixtures__\/|fixtures\/)/;
const MAX_FILE_LINES = 250;
const MAX_LINE_CHARS = 160;
/** What the source should stay under (a target, not a check). */
const TARGET_LINES = 19_000;

const check = process.argv.includes('--check');
const rev = process.argv.slice(2).find((arg) => !arg.startsWith('--'));
const git = (...args: string[]) => execFileSync('git', args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
const listed = rev
  ? git('ls-tree', '-r', '--name-only', rev, '--', ...FOLDERS)
  : git('ls-files', '--cached', '--others', '--exclude-standard', '--', ...FOLDERS);
const files = listed.split('\n').filter((file) => SOURCE.test(file) && !TEST.test(file) && (rev !== undefined || existsSync(file)));
const read = (file: string) => (rev ? git('show', `${rev}:${file}`) : readFileSync(file, 'utf8'));

const perFolder = new Map<string, number>();
const longFiles: string[] = [];
const longLines: string[] = [];
for (const file of files) {
  const lines = read(file).split('\n');
  if (lines.at(-1) === '') lines.pop();
  const folder = file.split('/')[0] ?? '';
  perFolder.set(folder, (perFolder.get(folder) ?? 0) + lines.filter((line) => line.trim() !== '').length);
  if (lines.length > MAX_FILE_LINES) longFiles.push(`${file} (${lines.length})`);
  lines.forEach((line, i) => {
    if (line.length > MAX_LINE_CHARS) longLines.push(`${file}:${i + 1} (${line.length})`);
  });
}

const total = [...perFolder.values()].reduce((a, b) => a + b, 0);
console.log(`non-test source at ${rev ?? 'the work tree'}: ${total} non-blank lines in ${files.length} files (target: ${TARGET_LINES})`);
for (const folder of FOLDERS) console.log(`  ${folder.padEnd(8)} ${perFolder.get(folder) ?? 0}`);
console.log(`files over ${MAX_FILE_LINES} lines: ${longFiles.length}${longFiles.length ? `\n  ${longFiles.join('\n  ')}` : ''}`);
console.log(`lines over ${MAX_LINE_CHARS} characters: ${longLines.length}${longLines.length ? `\n  ${longLines.join('\n  ')}` : ''}`);
if (check && longFiles.length + longLines.length > 0) {
  console.error(`split files over ${MAX_FILE_LINES} lines and wrap lines over ${MAX_LINE_CHARS} characters`);
  process.exitCode = 1;
}
