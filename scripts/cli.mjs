// Runs a server command-line tool (src/server/cli/<name>.ts): from the sources with tsx in a
// development checkout, from the build in a production install (no development dependencies).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const [name, ...args] = process.argv.slice(2);
const source = join('src/server/cli', `${name}.ts`);
const built = join(process.cwd(), 'dist/server/cli', `${name}.js`);

if (existsSync(source) && existsSync('node_modules/tsx/package.json')) {
  const run = spawnSync(process.execPath, ['--import', 'tsx', source, ...args], {
    stdio: 'inherit',
  });
  process.exit(run.status ?? 1);
} else if (existsSync(built)) {
  process.argv = [process.argv[0], built, ...args];
  await import(pathToFileURL(built).href);
} else {
  console.error(`Unknown command "${name}", or the server is not built (npm run build).`);
  process.exit(1);
}
