// `npm start` for a checkout: builds when the build is missing or older than its sources, then
// runs the built server in this same process (so signals reach it directly). Production uses
// `npm run start:prod`, which never builds.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const OUTPUTS = ['dist/server/main.js', 'dist/client/index.html'];
const SOURCES = ['src', 'vite.config.ts', 'scripts/build-server.mjs', 'package-lock.json'];

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stats = statSync(path);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return readdirSync(path).reduce(
    (newest, name) => Math.max(newest, newestMtime(join(path, name))),
    0,
  );
}

function buildIsCurrent() {
  if (!OUTPUTS.every((file) => existsSync(file))) return false;
  const built = Math.min(...OUTPUTS.map((file) => statSync(file).mtimeMs));
  return SOURCES.every((source) => newestMtime(source) <= built);
}

if (!buildIsCurrent()) {
  if (existsSync('node_modules/vite/package.json')) {
    const build = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
    if (build.status !== 0) process.exit(build.status ?? 1);
  } else if (OUTPUTS.every((file) => existsSync(file))) {
    console.warn(
      'The sources are newer than the build, and the build tools are not installed: starting the existing build.',
    );
  } else {
    console.error(
      'No build found. Run `npm run build` in a full install (with development dependencies) first.',
    );
    process.exit(1);
  }
}

await import(pathToFileURL(join(process.cwd(), 'dist/server/main.js')).href);
