import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

/**
 * A JSON document in a file, replaced atomically (write a temporary file, then rename), so a crash
 * leaves either the old or the new version. Synchronous on purpose: callers write small documents
 * at the moments that must be durable (a bet accepted, a credit queued) before they answer.
 */
export class JsonFile<T> {
  constructor(readonly path: string) {}
  read(): T | undefined {
    try {
      return JSON.parse(readFileSync(this.path, 'utf8')) as T;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
  }
  write(value: T): void {
    mkdirSync(dirname(this.path), { recursive: true });
    const tmp = `${this.path}.${process.pid}.tmp`;
    writeFileSync(tmp, JSON.stringify(value));
    renameSync(tmp, this.path);
  }
}

/** Where a piece of state lives: a JSON file in the data dir, or memory only (tests). */
export interface Persisted<T> {
  read(): T | undefined;
  write(value: T): void;
}

export function memoryPersisted<T>(initial?: T): Persisted<T> & { value: T | undefined } {
  const box = {
    value: initial,
    read: () => (box.value === undefined ? undefined : (structuredClone(box.value) as T)),
    write: (v: T) => {
      box.value = structuredClone(v);
    },
  };
  return box;
}
