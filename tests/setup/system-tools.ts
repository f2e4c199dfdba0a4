import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';

/**
 * The suite runs a few programs from the system: Chromium for the browser tests, poppler's
 * pdftotext and pdftoppm for the PDFs, unzip for the exports, ffmpeg for the fake camera's
 * clips. One missing program would fail dozens of tests one by one; this stops the run before
 * the first with one sentence instead. `.ci/run` installs what `missingPackages` names.
 */
const PROGRAMS: Record<string, { debianPackage: string; browserOnly?: boolean }> = {
  pdftotext: { debianPackage: 'poppler-utils' },
  pdftoppm: { debianPackage: 'poppler-utils' },
  unzip: { debianPackage: 'unzip' },
  ffmpeg: { debianPackage: 'ffmpeg', browserOnly: true },
  [process.env.CHROMIUM_PATH ?? '/usr/bin/chromium']: {
    debianPackage: 'chromium',
    browserOnly: true,
  },
};

function executable(program: string): boolean {
  const candidates = program.includes('/')
    ? [program]
    : (process.env.PATH ?? '').split(delimiter).map((dir) => join(dir, program));
  return candidates.some((path) => {
    try {
      accessSync(path, constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });
}

export function missingPrograms(
  withBrowser: boolean,
): { program: string; debianPackage: string }[] {
  return Object.entries(PROGRAMS)
    .filter(([, { browserOnly }]) => withBrowser || !browserOnly)
    .filter(([program]) => !executable(program))
    .map(([program, { debianPackage }]) => ({ program, debianPackage }));
}

/** The Debian packages that hold the missing programs, each once. */
export function missingPackages(withBrowser: boolean): string[] {
  return [...new Set(missingPrograms(withBrowser).map((m) => m.debianPackage))];
}

export function assertSystemPrograms(withBrowser: boolean): void {
  const missing = missingPrograms(withBrowser);
  if (missing.length === 0) return;
  const packages = missingPackages(withBrowser).join(' ');
  throw new Error(
    `The tests need ${missing.map((m) => m.program).join(', ')}, which this machine lacks: ` +
      `install them with \`apt-get install -y ${packages}\` (Debian's packages) and run again.`,
  );
}
