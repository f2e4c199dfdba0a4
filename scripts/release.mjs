// `npm run release`: builds, then makes release/cmd-risk-assessment-<version>-<commit>.tar.gz, an
// archive that runs with Node 24 alone (no registry, no npm ci): unpack it into an empty folder
// and start `node dist/server/main.js`. It holds the client build, the bundled server and its
// command-line tools, the migrations, and in node_modules only the packages the bundle loads at
// run time (scripts/runtime-packages.mjs) with what they depend on, copied from this install.
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { RUNTIME_PACKAGES } from './runtime-packages.mjs';

const run = (command, args) => execFileSync(command, args, { stdio: 'inherit' });
const pkg = JSON.parse(readFileSync('package.json', 'utf8'));
const lock = JSON.parse(readFileSync('package-lock.json', 'utf8'));

// Built into a folder of its own: a checkout's dist/ (which tests and `npm start` use) is left alone.
const build = resolve('release', 'build');
rmSync(build, { recursive: true, force: true });
run(process.execPath, [
  'node_modules/vite/bin/vite.js',
  'build',
  '--outDir',
  join(build, 'client'),
]);
run(process.execPath, ['scripts/build-server.mjs', '--out', build]);
const { version, commit } = JSON.parse(readFileSync(join(build, 'build-info.json'), 'utf8'));
const name = `cmd-risk-assessment-${version}-${commit.slice(0, 12)}`;
const stage = join('release', name);
rmSync(stage, { recursive: true, force: true });
mkdirSync(stage, { recursive: true });
cpSync(build, join(stage, 'dist'), { recursive: true });
rmSync(build, { recursive: true, force: true });

/** Where Node finds `dependency` from the package installed at `from` (a lock file key). */
function locate(from, dependency) {
  for (let base = from; ;) {
    const candidate = `${base ? `${base}/` : ''}node_modules/${dependency}`;
    if (lock.packages[candidate]) return candidate;
    if (!base) return null;
    const up = base.lastIndexOf('/node_modules/');
    base = up === -1 ? '' : base.slice(0, up);
  }
}

/** The runtime packages and everything they need, as lock file keys (node_modules/...). */
const needed = new Set();
const queue = RUNTIME_PACKAGES.map((dependency) => locate('', dependency));
while (queue.length > 0) {
  const key = queue.pop();
  if (!key || needed.has(key)) continue;
  needed.add(key);
  const entry = lock.packages[key];
  if (entry.dev) throw new Error(`${key} is a development package in the lock file`);
  const names = { ...entry.dependencies, ...entry.optionalDependencies, ...entry.peerDependencies };
  for (const dependency of Object.keys(names)) queue.push(locate(key, dependency));
}
for (const key of needed) {
  if (!existsSync(key)) continue; // an optional package for another platform
  cpSync(key, join(stage, key), {
    recursive: true,
    filter: (source) => !source.slice(key.length).includes('/node_modules'),
  });
}

for (const path of ['drizzle', 'scripts/cli.mjs']) {
  cpSync(path, join(stage, path), { recursive: true });
}
const pick = (names) => Object.fromEntries(names.map((n) => [n, pkg.scripts[n]]));
const manifest = {
  name: pkg.name,
  version,
  private: true,
  description: pkg.description,
  type: 'module',
  engines: pkg.engines,
  scripts: {
    start: 'node dist/server/main.js',
    ...pick(['admin:create', 'admin:remove', 'backup', 'restore']),
  },
  dependencies: Object.fromEntries(RUNTIME_PACKAGES.map((n) => [n, pkg.dependencies[n]])),
  commit,
};
writeFileSync(join(stage, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);

const archive = join('release', `${name}.tar.gz`);
run('tar', ['-czf', archive, '-C', stage, '.']);
const bytes = Number(execFileSync('du', ['-sb', stage]).toString().split('\t')[0]);
console.log(`${archive}: ${(bytes / 1e6).toFixed(1)} MB unpacked, ${needed.size} packages`);
