import { Suspense, useState, type ReactNode } from 'react';

/**
 * The first render of a page, hydrating the prerendered paywall or rendering the survey afresh,
 * is a few hundred milliseconds of work on a slow phone: done in one go, it is one long task in
 * which a tap goes unanswered. So the parts of the page are slices, each rendered in a task of
 * its own, in document order, with the browser free to answer input in between.
 *
 * A slice met during the first render suspends once, on a promise that a task of its own
 * settles. Preact keeps the server's markup of a component that suspends while it hydrates and
 * hydrates it then; in a fresh render the slice shows nothing until then, which is why the
 * slices go top to bottom: a part appearing never moves one already shown.
 */
let firstRender = false;
/** Slices waiting for their task, or rendering in it: what mounts meanwhile is deferred too. */
let waiting = 0;

/** Runs the first render (synchronous in Preact) with the slices it meets deferred. */
export function renderInSlices(render: () => void): void {
  firstRender = true;
  try {
    render();
  } finally {
    firstRender = false;
  }
}

interface Pending {
  settled: boolean;
  promise: Promise<void>;
}

/**
 * A promise settled by a task of its own: timers created together still run one per task.
 * The slice counts as waiting until the task after it, so that the slices inside it, met while
 * it renders, get tasks of their own too.
 */
function nextTask(): Pending {
  waiting += 1;
  const pending: Pending = { settled: false, promise: Promise.resolve() };
  pending.promise = new Promise((resolve) =>
    setTimeout(() => {
      pending.settled = true;
      resolve();
      setTimeout(() => (waiting -= 1));
    }),
  );
  return pending;
}

function Deferred({ children, onMount }: { children: ReactNode; onMount: boolean }) {
  const [pending] = useState(() => (onMount || firstRender || waiting > 0 ? nextTask() : null));
  if (pending && !pending.settled) throw pending.promise;
  return children;
}

interface RenderSliceProps {
  children: ReactNode;
  /**
   * Also in a task of its own whenever it mounts, not only during the first render: for a part
   * that appears once its data has loaded, as large as a first render (the survey's question).
   */
  onMount?: boolean;
  /** What shows until the slice's task has run (nothing by default). */
  fallback?: ReactNode;
}

/**
 * A part of the page rendered in a task of its own during the first render (slices inside it
 * after it), and at once whenever it mounts later unless `onMount`. Its children must render
 * exactly one element: the markup Preact keeps while hydration waits.
 */
export function RenderSlice({ children, onMount = false, fallback = null }: RenderSliceProps) {
  return (
    <Suspense fallback={fallback}>
      <Deferred onMount={onMount}>{children}</Deferred>
    </Suspense>
  );
}
