// Files behind one small interface (docs/design.md 9, files; docs/conventions.md 4): a folder under the data
// directory by default, an S3-compatible bucket in production. Keys are made by the server
// (`scale-photos/<booking id>/<random id>.jpg`), never taken from a request.

export type StoredFile = { bytes: Uint8Array; contentType: string };

export interface FileStore {
  readonly kind: 'disk' | 's3';
  /** Writes the file under the key, replacing any file already there. */
  put(key: string, file: StoredFile): Promise<void>;
  /** The file, or null when there is none under the key. */
  get(key: string): Promise<StoredFile | null>;
  /** Removes the file; removing a missing file is not an error. */
  delete(key: string): Promise<void>;
}

/** A key the server made: folders and a file name of letters, digits, dashes and one extension. */
export const fileKeyPattern = /^[a-z0-9-]+(\/[a-z0-9-]+)*\/[a-z0-9-]+\.[a-z0-9]+$/;

export function assertFileKey(key: string): void {
  if (!fileKeyPattern.test(key)) throw new Error(`not a file key: ${JSON.stringify(key)}`);
}
