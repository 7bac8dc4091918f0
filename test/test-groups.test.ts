// The test groups and order of vitest.config.ts. The timed groups run their files alone or two
// at a time; a name there that matches no file (a file renamed or moved) would quietly put that
// file back beside the rest, where it can miss its bound.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { TestSpecification, Vitest } from 'vitest/node';
import { ownModules, testOrder, timed, timedWithRoom } from '../vitest.config.ts';
import { namedFiles, slowFirstSequencer, spreadByTime } from './support/slow-first-sequencer.ts';

const ROOT = new URL('../', import.meta.url);

/** The project's files whose names end with `ending`, as paths from the root with `/`. */
function filesEndingWith(ending: string): string[] {
  return ['api', 'simulator', 'suites', 'reports', 'test', 'bin', 'examples'].flatMap((dir) =>
    readdirSync(new URL(dir, ROOT), { recursive: true, encoding: 'utf8' })
      .filter((name) => name.endsWith(ending))
      .map((name) => `${dir}/${name.split('\\').join('/')}`),
  );
}

describe('the timed test groups', () => {
  it.each([
    ['timed', timed],
    ['timedWithRoom', timedWithRoom],
  ])('%s names only test files that exist', (_name, files) => {
    const missing = files.filter((file) => !existsSync(new URL(`../${file}`, import.meta.url)));
    expect(missing).toEqual([]);
    expect(files.every((file) => file.endsWith('.test.ts'))).toBe(true);
  });

  it('name each file once: a file in both would run in both groups', () => {
    expect(timed.filter((file) => timedWithRoom.includes(file))).toEqual([]);
  });
});

describe('the own-modules test group', () => {
  // Every other file shares its worker's module cache (isolate: false): a module replaced there
  // would stay replaced for the files that follow, or not be replaced at all.
  it('holds every test file that replaces a module, and only such files', () => {
    const mocking = filesEndingWith('.test.ts').filter((file) => /\bvi\.(mock|doMock|unmock|resetModules)\(/.test(readFileSync(new URL(file, ROOT), 'utf8')) && file !== 'test/test-groups.test.ts');
    expect(mocking.sort()).toEqual([...ownModules].sort());
  });
});

describe('the order files start in', () => {
  it('names only test files that exist, each once, with the seconds they take', () => {
    const named = namedFiles(testOrder);
    const missing = named.filter((file) => !existsSync(new URL(`../${file}`, import.meta.url)));
    expect(missing).toEqual([]);
    expect(new Set(named).size).toBe(named.length);
    expect([...testOrder.computing, ...testOrder.waiting].filter(([, seconds]) => !(seconds > 0))).toEqual([]);
  });

  it('starts `first` first within its project, then the computing files and the rest in vitest\'s order, the waiting ones spread over them by time', async () => {
    const root = '/checkout';
    const project = (name: string, groupOrder: number) => ({ name, config: { sequence: { groupOrder }, isolate: false } });
    const parallel = project('parallel', 0);
    const timedProject = project('timed', 1);
    // No cached results, as on a fresh checkout: vitest orders by size, largest first.
    const sizes = new Map<string, number>();
    const spec = (file: string, of: ReturnType<typeof project>, size: number) => {
      sizes.set(`${of.name}:${file}`, size);
      return { moduleId: `${root}/${file}`, project: of } as unknown as TestSpecification;
    };
    const ctx = { config: { root }, cache: { getFileTestResults: () => undefined, getFileStats: (key: string) => ({ size: sizes.get(key) }) } } as unknown as Vitest;
    const Sequencer = slowFirstSequencer({
      first: ['test/slow-b.test.ts', 'test/slow-a.test.ts', 'test/timed-slow.test.ts'],
      computing: [['test/busy-small.test.ts', 4]],
      waiting: [['test/wait-long.test.ts', 2], ['test/wait-short.test.ts', 1]],
      unlistedSeconds: 1,
    });
    const files = [
      spec('test/big.test.ts', parallel, 900),
      spec('test/wait-short.test.ts', parallel, 950),
      spec('test/slow-a.test.ts', parallel, 10),
      spec('test/timed-big.test.ts', timedProject, 800),
      spec('test/medium.test.ts', parallel, 500),
      spec('test/busy-small.test.ts', parallel, 5),
      spec('test/wait-long.test.ts', parallel, 1),
      spec('test/timed-slow.test.ts', timedProject, 5),
      spec('test/slow-b.test.ts', parallel, 20),
    ];
    const sorted = await new Sequencer(ctx).sort(files);
    // Six seconds of busy files (busy-small 4, big and medium 1 each, named nowhere), three of
    // waiting ones: busy-small puts the busy files two thirds through, wait-long evens them, big
    // puts them ahead again, wait-short evens them, medium is the last.
    expect(sorted.map((s) => s.moduleId.slice(root.length + 1))).toEqual([
      'test/slow-b.test.ts',
      'test/slow-a.test.ts',
      'test/busy-small.test.ts',
      'test/wait-long.test.ts',
      'test/big.test.ts',
      'test/wait-short.test.ts',
      'test/medium.test.ts',
      'test/timed-slow.test.ts',
      'test/timed-big.test.ts',
    ]);
  });

  it('spreads one list over another by seconds, each in its own order, whatever their lengths', () => {
    const seconds = (item: string) => Number(item.slice(1));
    // Ten seconds of busy files, five of waiting ones: a waiting second for every two busy ones.
    expect(spreadByTime(['b2', 'b2', 'b2', 'b2', 'b2'], ['w1', 'w1', 'w3'], seconds)).toEqual(['b2', 'w1', 'b2', 'w1', 'b2', 'w3', 'b2', 'b2']);
    expect(spreadByTime([], ['w1', 'w2'], seconds)).toEqual(['w1', 'w2']);
    expect(spreadByTime(['b1', 'b2'], [], seconds)).toEqual(['b1', 'b2']);
  });
});

describe('the disco processes tests start', () => {
  // Through tsx's loader each start costs about 1.5 s of CPU more than the build made for the
  // run (test/support/test-build.ts); the checkout's own entry is started only where it is the
  // point (test/cli.test.ts, test/serve.test.ts pass it by name, test/serve-tls.test.ts in its
  // shell commands).
  it('start the build made for the run (discoEntry), never bin/disco.mjs in a spawn\'s argument list', () => {
    const spawning = filesEndingWith('.ts').filter((file) => /\[\s*['"`]bin\/disco\.mjs['"`]/.test(readFileSync(new URL(file, ROOT), 'utf8')) && file !== 'test/test-groups.test.ts');
    expect(spawning).toEqual([]);
  });
});
