import packageJson from '../../../../package.json' with { type: 'json' };

/** Set by scripts/build-server.mjs (esbuild's define): the commit the bundle was built from. */
declare const __BUILD_COMMIT__: string | undefined;

/** Which build an instance runs: `/api/health` and the `build_info` metric name it. */
export interface BuildInfo {
  version: string;
  commit: string;
}

/** The version of package.json; the commit recorded at build time, "development" when run from source. */
export const buildInfo: BuildInfo = {
  version: packageJson.version,
  commit: typeof __BUILD_COMMIT__ === 'string' ? __BUILD_COMMIT__ : 'development',
};
