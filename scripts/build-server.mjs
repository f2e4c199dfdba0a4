// Bundles the server into one ES module; npm packages stay external and load from node_modules.
import { build } from 'esbuild';

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
  logLevel: 'warning',
});
