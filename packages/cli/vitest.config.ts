import { defineConfig, mergeConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import shared from '../../vitest.shared.js';

/**
 * Files that spend most of their time waiting (on a timer, a lock running out, the pdg processes they start)
 * rather than working, longest first: started first, so their waits overlap the other files' work instead of
 * being the last thing the run does. (Without timings from an earlier run, as on a fresh clone, vitest
 * starts the largest files first, and these are small.)
 */
const waitersFirst = [
  'queue-into.test.ts',
  'queue-work.test.ts',
  'queue-stalled.test.ts',
  'mcp-http-slow-client.test.ts',
];

class WaitersFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const waits = (file: TestSpecification) => waitersFirst.some((name) => file.moduleId.endsWith(`/test/${name}`));
    return [...sorted.filter(waits), ...sorted.filter((file) => !waits(file))];
  }
}

// The CLI's test files mostly wait: on the pdg processes they start, on Redis, on a slow client's timer.
// Vitest's default on a two-core machine is one file at a time (cores - 1); four at once overlap those
// waits (about 300 s of files in 110 s on a busy two-core machine with three, against one after another), and
// in `pnpm test`, where every core is busy, its suite is the last to end: a fourth worker gives it a larger share.
// isolate: false runs a worker's files in one module graph: each file's state is its own (its servers,
// children and temporary directories, started in it and stopped by it; no file sets process.env or mocks a
// module), so each need not import the SDK, the providers and the mock gateway again.
export default mergeConfig(
  shared,
  defineConfig({ test: { maxWorkers: 4, isolate: false, sequence: { sequencer: WaitersFirst } } }),
);
