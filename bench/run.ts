import { execFileSync } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { formatTable, meetsGoal, type Figure } from './report';
import { measureAnswerSave } from './sections/answer-save';
import { measureBundles } from './sections/bundle-size';
import { measureCapture } from './sections/capture';
import { measureLighthouse } from './sections/lighthouse';
import { measureReads } from './sections/reads';
import { measureUpload } from './sections/upload';

/**
 * `npm run bench`: every figure with its goal, printed as a table and written as JSON under
 * bench/results. Sections can be picked: `npm run bench -- bundle lighthouse`.
 */
const SECTIONS: Record<string, () => Promise<Figure[]>> = {
  'save-answer': measureAnswerSave,
  reads: measureReads,
  upload: measureUpload,
  bundle: measureBundles,
  lighthouse: measureLighthouse,
  capture: measureCapture,
};

async function main() {
  const wanted = process.argv.slice(2).filter((arg) => !arg.startsWith('-'));
  const names = wanted.length > 0 ? wanted : Object.keys(SECTIONS);
  if (names.some((name) => ['bundle', 'lighthouse', 'capture'].includes(name))) {
    console.error('building the client…');
    execFileSync('npx', ['vite', 'build', '--logLevel', 'error'], { stdio: 'inherit' });
  }
  const figures: Figure[] = [];
  for (const name of names) {
    const section = SECTIONS[name];
    if (!section)
      throw new Error(
        `Unknown bench section "${name}" (known: ${Object.keys(SECTIONS).join(', ')})`,
      );
    console.error(`running ${name}…`);
    try {
      figures.push(...(await section()));
    } catch (error) {
      figures.push({
        section: name,
        name: 'section failed',
        value: null,
        unit: '',
        note: (error as Error).message.slice(0, 120),
      });
    }
  }
  console.log(formatTable(figures));
  const result = {
    date: new Date().toISOString(),
    node: process.version,
    cpus: (await import('node:os')).cpus().length,
    figures: figures.map((f) => ({ ...f, met: meetsGoal(f) })),
  };
  await mkdir('bench/results', { recursive: true });
  const json = JSON.stringify(result, null, 2);
  await writeFile(
    join('bench/results', `${result.date.slice(0, 19).replace(/:/g, '-')}.json`),
    json,
  );
  // latest.json is the committed full run the README quotes: a run of some sections only
  // must not replace it with a part of the figures.
  if (names.length === Object.keys(SECTIONS).length)
    await writeFile(join('bench/results', 'latest.json'), json);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
