/**
 * `pnpm bench` (in packages/mcp, or `turbo run bench`): per task, the bytes a model reads when it answers with
 * the two catalog tools and when it answers with code mode, the docs searches included on both sides and the
 * two-tool side asking only for the fields it needs, and each task's ratio. Fails (exit 1) if an answer
 * differs or code mode reads more than 20% of two-tool mode's bytes in any task.
 */
import { isDeepStrictEqual } from 'node:util';
import { createMcpServer } from '../dist/index.js';
import { compareModes } from './compare.ts';

const budget = 0.2;
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
console.log(
  `total: two-tool mode ${two.toLocaleString('en-US')} bytes, code mode ${code.toLocaleString('en-US')} bytes: code mode is ${((code / two) * 100).toFixed(2)}% (budget ${budget * 100}% in each task).`,
);
const over = runs.filter((run) => run.code.bytes / run.twoTools.bytes > budget).map((run) => run.task.name);
if (rows.some((row) => !row['answers equal']) || over.length > 0) {
  console.error(
    `code mode bench: an answer differs, or code mode is over ${budget * 100}% of two-tool mode in ${over.join(', ') || 'no task'}.`,
  );
  process.exitCode = 1;
}
