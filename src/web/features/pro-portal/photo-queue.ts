// A stop's photos waiting to be sent (decision 057): kept on the phone (IndexedDB, through
// idb-keyval) until the server has them, so a photo taken without signal is never lost silently.
// One per job and kind (a new photo replaces the one waiting); sent at once, again when the phone
// is back online, every 30 s while any wait, and at the next visit. A refusal (4xx) is the
// server's sentence and drops the photo; no answer (offline) keeps it.
import { createStore, del, entries, set } from 'idb-keyval';
import { useEffect, useSyncExternalStore } from 'react';
import type { StopPhotoKind } from '../../../shared/stops';
import { fileEndpoints } from '../../../shared/endpoints-files';
import { ApiRequestError, uploadFile } from '../../lib/api';

export type QueuedPhoto = { assignmentId: string; kind: StopPhotoKind; blob: Blob; takenAt: string };
export type PhotoRefusal = { assignmentId: string; kind: StopPhotoKind; message: string };

const keyOf = (p: Pick<QueuedPhoto, 'assignmentId' | 'kind'>) => `${p.assignmentId}:${p.kind}`;
let store: ReturnType<typeof createStore> | null = null;
const db = () => (store ??= createStore('washday-pro', 'stop-photos'));

// what is waiting, for every card that shows it
let waiting: string[] = [];
const listeners = new Set<() => void>();
function setWaiting(next: string[]) {
  waiting = next;
  for (const l of listeners) l();
}
const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

let refusalsSeen: (r: PhotoRefusal) => void = () => {};
let sentSeen: () => void = () => {};
let flushing: Promise<void> | null = null;

async function readAll(): Promise<QueuedPhoto[]> {
  try {
    return (await entries<string, QueuedPhoto>(db())).map(([, v]) => v);
  } catch {
    return []; // a browser without IndexedDB (private mode): nothing waits
  }
}

/** Sends every waiting photo once; what the network did not take stays for the next round. */
export function flushPhotos(): Promise<void> {
  flushing ??= (async () => {
    let sentAny = false;
    for (const photo of await readAll()) {
      try {
        await uploadFile(fileEndpoints.uploadProStopPhoto, { id: photo.assignmentId, kind: photo.kind }, photo.blob);
        await del(keyOf(photo), db());
        sentAny = true;
      } catch (error) {
        if (error instanceof ApiRequestError && error.status >= 400 && error.status < 500) {
          await del(keyOf(photo), db());
          refusalsSeen({ assignmentId: photo.assignmentId, kind: photo.kind, message: error.message });
        }
        // no answer or a server error: kept for the next round
      }
    }
    setWaiting((await readAll()).map(keyOf));
    if (sentAny) sentSeen();
  })().finally(() => (flushing = null));
  return flushing;
}

/** Keeps the photo on the phone, then tries to send it. */
export async function queuePhoto(photo: QueuedPhoto): Promise<void> {
  try {
    await set(keyOf(photo), photo, db());
    setWaiting([...new Set([...waiting, keyOf(photo)])]);
  } catch {
    // no IndexedDB: sent once, as any upload
    await uploadFile(fileEndpoints.uploadProStopPhoto, { id: photo.assignmentId, kind: photo.kind }, photo.blob);
    sentSeen();
    return;
  }
  await flushPhotos();
}

/** Whether this job's photo of this kind is waiting on the phone. */
export function usePhotoWaiting(assignmentId: string, kind: StopPhotoKind): boolean {
  const list = useSyncExternalStore(subscribe, () => waiting);
  return list.includes(keyOf({ assignmentId, kind }));
}

/**
 * Runs the queue for the portal: at once, when back online, every 30 s while a photo waits. The
 * portal is read again after a photo lands; a refusal is handed to `onRefused`.
 */
export function usePhotoQueue(onSent: () => void, onRefused: (r: PhotoRefusal) => void) {
  useEffect(() => {
    refusalsSeen = onRefused;
    sentSeen = onSent;
    void flushPhotos();
    const online = () => void flushPhotos();
    window.addEventListener('online', online);
    const timer = window.setInterval(() => {
      if (waiting.length > 0) void flushPhotos();
    }, 30_000);
    return () => {
      window.removeEventListener('online', online);
      window.clearInterval(timer);
    };
  }, [onSent, onRefused]);
}
