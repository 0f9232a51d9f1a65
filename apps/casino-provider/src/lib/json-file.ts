import { appendFileSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
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

/** An append-only log of JSON lines (finished rounds): cheap to add to, read whole at start. */
export interface AppendLog<T> {
  readAll(): T[];
  append(value: T): void;
}

export class JsonLinesFile<T> implements AppendLog<T> {
  constructor(
    readonly path: string,
    /** Lines kept when the file is compacted at start. */
    private readonly keep = 5000,
  ) {}
  readAll(): T[] {
    let text: string;
    try {
      text = readFileSync(this.path, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw error;
    }
    const lines = text.split('\n').filter((l) => l.trim() !== '');
    const parsed: T[] = [];
    for (const line of lines) {
      try {
        parsed.push(JSON.parse(line) as T);
      } catch {
        // a line cut short by a crash: skip it (the rewrite below drops it)
      }
    }
    const values = parsed.slice(-this.keep);
    if (values.length !== lines.length || (text !== '' && !text.endsWith('\n'))) {
      const tmp = `${this.path}.${process.pid}.tmp`;
      writeFileSync(tmp, values.map((v) => JSON.stringify(v)).join('\n') + '\n');
      renameSync(tmp, this.path);
    }
    return values;
  }
  append(value: T): void {
    mkdirSync(dirname(this.path), { recursive: true });
    appendFileSync(this.path, JSON.stringify(value) + '\n');
  }
}

export function memoryLog<T>(): AppendLog<T> & { values: T[] } {
  const log = { values: [] as T[], readAll: () => log.values.slice(), append: (v: T) => void log.values.push(v) };
  return log;
}
