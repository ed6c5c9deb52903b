// Builds first when missing, so `npm install && npm start` works on a fresh clone.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

if (!existsSync('dist/server/index.js') || !existsSync('dist/client/.vite/manifest.json')) {
  console.log('No production build yet: running npm run build first.');
  const result = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

process.env.NODE_ENV ??= 'production';
await import(new URL('../dist/server/index.js', import.meta.url).href);
