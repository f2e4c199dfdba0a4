// Bundles the server and its command-line tools, with the npm packages they use, into ES modules
// (shared code in chunks); only RUNTIME_PACKAGES stay external and load from node_modules.
// The commit it is built from is recorded in the bundle (the health endpoint and the build_info
// metric name it) and in dist/build-info.json: BUILD_COMMIT, else git's HEAD, else "unknown".
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';
import { OPTIONAL_PACKAGES, RUNTIME_PACKAGES } from './runtime-packages.mjs';

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
// `--out <folder>`: where dist/ goes (the release builds into its own folder); dist by default.
const outArgument = process.argv.indexOf('--out');
const out = outArgument === -1 ? 'dist' : process.argv[outArgument + 1];
const { version } = JSON.parse(readFileSync('package.json', 'utf8'));

await build({
  entryPoints: [
    'src/server/main.ts',
    'src/server/cli/admin-create.ts',
    'src/server/cli/admin-remove.ts',
    'src/server/cli/backup.ts',
    'src/server/cli/restore.ts',
  ],
  outdir: join(out, 'server'),
  bundle: true,
  platform: 'node',
  target: 'node24',
  format: 'esm',
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  external: [...RUNTIME_PACKAGES, ...OPTIONAL_PACKAGES],
  // CommonJS packages in an ES module bundle still call require and read __dirname.
  banner: {
    js: [
      "import { createRequire as __createRequire } from 'node:module';",
      "import { fileURLToPath as __fileURLToPath } from 'node:url';",
      "import { dirname as __dirnameOf } from 'node:path';",
      'const require = __createRequire(import.meta.url);',
      'const __filename = __fileURLToPath(import.meta.url);',
      'const __dirname = __dirnameOf(__filename);',
    ].join('\n'),
  },
  sourcemap: true,
  // The maps name the files and lines of a stack trace; the sources are in the repository.
  sourcesContent: false,
  define: { __BUILD_COMMIT__: JSON.stringify(commit) },
  logLevel: 'warning',
});
mkdirSync(out, { recursive: true });
writeFileSync(join(out, 'build-info.json'), `${JSON.stringify({ version, commit }, null, 2)}\n`);
