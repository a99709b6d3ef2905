/**
 * Core's own tests (packages/core/test), with `valibot` resolved to the module file `PDG_VALIBOT` names
 * (another copy's ES module entry) wherever core's sources and tests import it. Run by test/newest-valibot.test.ts; the JSON
 * report goes to `PDG_VALIBOT_REPORT`, not to core's own test-results.json.
 */
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { coreVersionDefine } from '../../config/core-version.js';
import shared from '../../vitest.shared.js';

const valibot = process.env.PDG_VALIBOT;
const report = process.env.PDG_VALIBOT_REPORT;
if (!valibot || !report) throw new Error('core-suite.config.ts needs PDG_VALIBOT and PDG_VALIBOT_REPORT.');

export default defineConfig({
  root: fileURLToPath(new URL('../../packages/core/', import.meta.url)),
  resolve: { alias: [{ find: /^valibot$/, replacement: valibot }] },
  // Core's version written in, as core's own config and its build do.
  define: coreVersionDefine(),
  test: {
    ...shared.test,
    setupFiles: [fileURLToPath(new URL('./valibot-in-use.ts', import.meta.url))],
    reporters: ['dot', ['json', { outputFile: report }]],
  },
});
