// Bundles the server into one ES module; npm packages stay external and load from node_modules.
// The commit it is built from is recorded in the bundle (the health endpoint and the build_info
// metric name it) and in dist/build-info.json: BUILD_COMMIT, else git's HEAD, else "unknown".
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { build } from 'esbuild';

function currentCommit() {
  if (process.env.BUILD_COMMIT) return process.env.BUILD_COMMIT;
  try {
    const head = execFileSync('git', ['rev-parse', 'HEAD'], {
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    return head.toString().trim();
  } catch {
    return 'unknown';
  }
}

const commit = currentCommit();
const { version } = JSON.parse(readFileSync('package.json', 'utf8'));

await build({
  entryPoints: [
    'src/server/main.ts',
    'src/server/cli/admin-create.ts',
    'src/server/cli/admin-remove.ts',
    'src/server/cli/backup.ts',
    'src/server/cli/restore.ts',
  ],
  outdir: 'dist/server',
  bundle: true,
  platform: 'node',
  target: 'node24',
  format: 'esm',
  packages: 'external',
  sourcemap: true,
  define: { __BUILD_COMMIT__: JSON.stringify(commit) },
  logLevel: 'warning',
});
mkdirSync('dist', { recursive: true });
writeFileSync('dist/build-info.json', `${JSON.stringify({ version, commit }, null, 2)}\n`);
