// Adds up the vitest JSON reports of every workspace package into one closing line, so that
// `pnpm test` ends with the whole repo's count rather than turbo's task summary.

import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const listing = execFileSync('pnpm', ['-r', 'ls', '--depth', '-1', '--json'], { encoding: 'utf8' });
const packages = JSON.parse(listing);
let passed = 0;
let failed = 0;
let skipped = 0;
const missing = [];
for (const pkg of packages) {
  if (pkg.path === process.cwd()) continue; // the workspace root: its `test` is this very command
  const manifest = JSON.parse(readFileSync(join(pkg.path, 'package.json'), 'utf8'));
  if (!manifest.scripts?.test) continue;
  const report = join(pkg.path, 'test-results.json');
  if (!existsSync(report)) {
    missing.push(pkg.name);
    continue;
  }
  const results = JSON.parse(readFileSync(report, 'utf8'));
  passed += results.numPassedTests;
  failed += results.numFailedTests;
  skipped += results.numPendingTests + results.numTodoTests;
}
if (missing.length > 0) {
  console.error(`No test report from: ${missing.join(', ')}`);
  process.exitCode = 1;
}
if (passed === 0) process.exitCode = 1;
if (failed > 0) process.exitCode = 1;
console.log(`Tests: ${passed} passed, ${failed} failed${skipped > 0 ? `, ${skipped} skipped` : ''}`);
