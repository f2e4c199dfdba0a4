/**
 * Photos and videos taken but not yet uploaded, kept in the browser's IndexedDB so a reload, a
 * closed tab or a dead battery does not lose them: the survey resumes their upload on return and
 * removes them once uploaded (or replaced by a Retake). One per question of an assessment, so
 * another patient signing in on the same device never sees them, and all are forgotten when the
 * patient signs out. Storage that is unavailable (private mode, full) only means the recording
 * does not survive a reload.
 */

export interface PendingRecording {
  blob: Blob;
  filename: string;
  /** When it was kept: tells two recordings of one question apart for resuming. */
  savedAt: number;
}

const DATABASE = 'cmd-pending-media';
const STORE = 'recordings';

export const pendingKey = (assessmentId: number, questionId: number) =>
  `${assessmentId}:${questionId}`;

function openDatabase(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(DATABASE, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB unavailable'));
  });
}

async function run<T>(
  mode: IDBTransactionMode,
  action: (store: IDBObjectStore) => IDBRequest,
): Promise<T | null> {
  try {
    const db = await openDatabase();
    try {
      return await new Promise<T | null>((resolve, reject) => {
        const request = action(db.transaction(STORE, mode).objectStore(STORE));
        request.onsuccess = () => resolve((request.result as T | undefined) ?? null);
        request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
      });
    } finally {
      db.close();
    }
  } catch {
    return null;
  }
}

export const keepPending = (key: string, recording: PendingRecording) =>
  run<IDBValidKey>('readwrite', (store) => store.put(recording, key));

export const findPending = (key: string) =>
  run<PendingRecording>('readonly', (store) => store.get(key));

export const dropPending = (key: string) =>
  run<undefined>('readwrite', (store) => store.delete(key));

/**
 * Signing out forgets every kept recording and the resumable uploads' addresses (tus-js-client
 * keeps them in local storage under `tus::`): health data does not stay on a shared device.
 */
export function forgetPendingRecordings(): Promise<void> {
  try {
    for (const key of Object.keys(window.localStorage)) {
      if (key.startsWith('tus::')) window.localStorage.removeItem(key);
    }
  } catch {
    // Storage unavailable: nothing was kept there.
  }
  return new Promise((resolve) => {
    try {
      const request = indexedDB.deleteDatabase(DATABASE);
      request.onsuccess = request.onerror = request.onblocked = () => resolve();
    } catch {
      resolve();
    }
  });
}
