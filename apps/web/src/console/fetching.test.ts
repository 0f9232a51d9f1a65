import { describe, expect, it } from 'vitest';

/**
 * The console fetches as the bettors' app does (issue 21): a server call, its query or mutation
 * and what it invalidates live in a feature's api/ folder (or console/lib, when two screens share
 * it); the screens call those hooks. Read as text: a rule about where code is, not what it does.
 */
const sources = import.meta.glob<string>(['./**/*.{ts,tsx}', '!./**/*.test.{ts,tsx}'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

const CALLS = /\b(?:useQuery|useQueries|useInfiniteQuery|useMutation|useQueryClient|fetchData|fetchDataWithFiles|callApi|callApiWithFiles|callPath)\(/;
const fetchesHere = (path: string) => /^\.\/features\/[^/]+\/api\//.test(path) || path.startsWith('./lib/');

describe("the console's server calls", () => {
  it('are made in api/ folders and console/lib only', () => {
    const paths = Object.keys(sources);
    // The glob found the console (a broken pattern would pass the test with nothing in it).
    expect(paths.filter(fetchesHere).length).toBeGreaterThan(20);
    const elsewhere = paths.filter((path) => !fetchesHere(path) && CALLS.test(sources[path]!));
    expect(elsewhere).toEqual([]);
  });
});
