import { appendFileSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { JsonFile, JsonLinesFile } from './json-file.ts';

describe('data dir files', () => {
  it('replaces a JSON document whole', () => {
    const f = new JsonFile<{ n: number }>(join(mkdtempSync(join(tmpdir(), 'jf-')), 'sub', 'doc.json'));
    expect(f.read()).toBeUndefined();
    f.write({ n: 1 });
    f.write({ n: 2 });
    expect(f.read()).toEqual({ n: 2 });
  });
  it('appends lines, skips a line cut short by a crash and compacts to the newest lines', () => {
    const path = join(mkdtempSync(join(tmpdir(), 'jl-')), 'log.jsonl');
    const log = new JsonLinesFile<number>(path, 3);
    for (const n of [1, 2, 3, 4]) log.append(n);
    appendFileSync(path, '{"cut');
    expect(log.readAll()).toEqual([2, 3, 4]);
    expect(readFileSync(path, 'utf8')).toBe('2\n3\n4\n');
  });
});
