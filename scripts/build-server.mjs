// Bundles the server into one ES module; npm packages stay external and load from node_modules.
import { build } from 'esbuild';

await build({
  entryPoints: ['src/server/main.ts', 'src/server/cli/admin-create.ts'],
  outdir: 'dist/server',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
