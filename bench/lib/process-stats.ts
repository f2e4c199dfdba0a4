import { readFile } from 'node:fs/promises';

/** Linux's USER_HZ, the unit of /proc/<pid>/stat times. */
const CLOCK_TICKS = 100;

/** User + system seconds from a /proc stat line. */
function statSeconds(stat: string): number {
  // Fields after the command name (in parentheses, which may hold spaces); utime is the 14th.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
}

/** CPU seconds a process has used, all its threads (the fs thread pool too), user and system. */
export async function cpuSeconds(pid: number): Promise<number> {
  return statSeconds(await readFile(`/proc/${pid}/stat`, 'utf8'));
}

/** CPU seconds of a process's main thread alone (where JavaScript runs). */
export async function mainThreadSeconds(pid: number): Promise<number> {
  return statSeconds(await readFile(`/proc/${pid}/task/${pid}/stat`, 'utf8'));
}

export async function residentBytes(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)\s+kB/.exec(status)?.[1] ?? 0);
  return kb * 1024;
}

/** A process's resident memory from now on, sampled every 25 ms: where it began, its peak. */
export async function watchResident(pid: number) {
  const baseline = await residentBytes(pid);
  let peak = baseline;
  const sample = () =>
    residentBytes(pid)
      .then((rss) => (peak = Math.max(peak, rss)))
      .catch(() => peak);
  const sampler = setInterval(() => void sample(), 25);
  return {
    baseline,
    /** Stops sampling; the peak with one last sample. */
    async stop(): Promise<number> {
      clearInterval(sampler);
      return sample();
    },
  };
}

/** The CPU time a process spends on `work`: all threads, and its main thread's. */
export async function cpuOf<T>(pid: number, work: () => Promise<T>) {
  const before = await cpuSeconds(pid);
  const mainBefore = await mainThreadSeconds(pid);
  const started = performance.now();
  const result = await work();
  const seconds = (performance.now() - started) / 1000;
  return {
    result,
    seconds,
    cpu: (await cpuSeconds(pid)) - before,
    mainCpu: (await mainThreadSeconds(pid)) - mainBefore,
  };
}
