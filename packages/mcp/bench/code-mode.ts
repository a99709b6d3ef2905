/**
 * `pnpm bench` (in packages/mcp, or `turbo run bench`): per task, the bytes of tool results a model reads
 * when it answers with the two catalog tools and when it answers with one `execute` program, and the
 * total ratio. Fails (exit 1) if an answer differs or code mode returns more than 10% of two-tool mode.
 */
import { isDeepStrictEqual } from 'node:util';
import { createMcpServer } from '../dist/index.js';
import { compareModes } from './compare.ts';

const runs = await compareModes(createMcpServer);
const rows = runs.map((run) => ({
  task: run.task.name,
  'two-tool calls': run.twoTools.calls,
  'two-tool bytes': run.twoTools.bytes,
  'code calls': run.code.calls,
  'code bytes': run.code.bytes,
  'code / two-tool': `${((run.code.bytes / run.twoTools.bytes) * 100).toFixed(2)}%`,
  'answers equal': isDeepStrictEqual(run.twoTools.answer, run.code.answer),
}));
const two = runs.reduce((sum, run) => sum + run.twoTools.bytes, 0);
const code = runs.reduce((sum, run) => sum + run.code.bytes, 0);
console.table(rows);
const ratio = code / two;
console.log(
  `total: two-tool mode ${two.toLocaleString('en-US')} bytes, code mode ${code.toLocaleString('en-US')} bytes: code mode is ${(ratio * 100).toFixed(2)}% (budget 10%).`,
);
if (rows.some((row) => !row['answers equal']) || ratio > 0.1) {
  console.error('code mode bench: an answer differs, or code mode is over 10% of two-tool mode.');
  process.exitCode = 1;
}
