/**
 * Takes the README's screenshot of the API reference (`docs/api-reference.png`) from the real page: `pdg mock`
 * serving /docs/, opened on jobs:jobboard browse in headless Chromium. Run it after a change the page
 * shows: `pnpm --filter @pdg/docs-site-tests screenshot` (PDG_CHROMIUM names the browser, else `chromium`).
 */
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { findChromium } from '../../runtimes/test/available.ts';
import { startPdgMock } from '../test/servers.ts';

const target = fileURLToPath(new URL('../../../docs/api-reference.png', import.meta.url));
const executable = findChromium();
if (!('path' in executable)) throw new Error('wrong' in executable ? executable.wrong : executable.missing);

const mock = await startPdgMock();
const browser = await chromium.launch({ executablePath: executable.path });
try {
  const page = await browser.newPage({ viewport: { width: 1440, height: 860 } });
  await page.goto(`${mock.url}/docs/#tag/jobsjobboard/GET/v1/jobs:jobboard/browse`);
  await page.locator('[id$="/tag/jobsjobboard/GET/v1/jobs:jobboard/browse"]').first().waitFor();
  await page.waitForLoadState('networkidle');
  await page.screenshot({ path: target });
  console.log(`Wrote ${target}`);
} finally {
  await browser.close();
  await mock.stop();
}
