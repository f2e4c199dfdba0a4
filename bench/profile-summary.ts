import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * Summarises `--cpu-prof` profiles (`npm run bench` with BENCH_CPU_PROF=<dir> writes the API
 * server's): self time by package (or project folder) and the hottest functions.
 * Usage: npx tsx bench/profile-summary.ts <dir or .cpuprofile> [top] [last seconds]
 * With `last seconds`, only the end of each profile counts (the load, not the start-up).
 */
interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

function where(url: string): string {
  if (!url) return '(native / idle / gc)';
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return pkg[1]!;
  if (url.startsWith('node:')) return url;
  const project = /\/(src\/[^/]+\/[^/]+|bench\/[^/]+)/.exec(url);
  return project ? project[1]! : url;
}

async function main() {
  const [target = '.', top = '25', last] = process.argv.slice(2);
  const files = target.endsWith('.cpuprofile')
    ? [target]
    : (await readdir(target)).filter((f) => f.endsWith('.cpuprofile')).map((f) => join(target, f));
  const byPlace = new Map<string, number>();
  const byFunction = new Map<string, number>();
  let total = 0;
  let idle = 0;
  for (const file of files) {
    const profile = JSON.parse(await readFile(file, 'utf8')) as Profile;
    const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
    const length = profile.timeDeltas.reduce((sum, us) => sum + us, 0);
    const from = last ? length - Number(last) * 1e6 : 0;
    let at = 0;
    profile.samples.forEach((id, i) => {
      at += profile.timeDeltas[i] ?? 0;
      if (at < from) return;
      const node = nodes.get(id)!;
      const us = profile.timeDeltas[i] ?? 0;
      const { functionName, url, lineNumber } = node.callFrame;
      // Shares of the time the process was busy: idle is waiting for the database or clients.
      if (functionName === '(idle)') {
        idle += us;
        return;
      }
      total += us;
      const place = where(url);
      byPlace.set(place, (byPlace.get(place) ?? 0) + us);
      const fn = `${functionName || '(anonymous)'} ${place}:${lineNumber + 1}`;
      byFunction.set(fn, (byFunction.get(fn) ?? 0) + us);
    });
  }
  const print = (title: string, map: Map<string, number>) => {
    console.log(`\n${title}`);
    for (const [name, us] of [...map].sort((a, b) => b[1] - a[1]).slice(0, Number(top))) {
      console.log(`${((us / total) * 100).toFixed(1).padStart(5)} %  ${name}`);
    }
  };
  console.log(
    `${files.length} profile(s): busy ${(total / 1e6).toFixed(1)} s, idle ${(idle / 1e6).toFixed(1)} s; shares of busy time`,
  );
  print('self time by package / folder', byPlace);
  print('self time by function', byFunction);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
