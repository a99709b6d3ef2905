import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';

/** CI must run the whole matrix: there, a runtime or browser that is missing fails the test instead of skipping it. */
export const inCi = Boolean(process.env.CI) && process.env.CI !== 'false' && process.env.CI !== '0';

/**
 * Stops a test whose runtime is missing: a failure in CI, else a skip. Either way the message says how to
 * get the runtime.
 */
export function unavailable(context: { skip(note?: string): never }, message: string): never {
  if (inCi) throw new Error(`${message} (CI is set: the runtime matrix must run in full.)`);
  console.warn(`[runtime matrix] skipped: ${message}`);
  return context.skip(message);
}

const isExecutable = (file: string) => {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
};

/**
 * The Chromium to drive: `PDG_CHROMIUM` when set, else `chromium` on the PATH (Debian's package). `{ missing }`
 * says how to get one; `{ wrong }` that PDG_CHROMIUM names no executable (a failure, CI or not).
 */
export function findChromium(): { path: string } | { missing: string } | { wrong: string } {
  const how =
    "install Debian's package (`sudo apt-get install --no-install-recommends chromium`) or set PDG_CHROMIUM to a Chromium or Chrome executable";
  const given = process.env.PDG_CHROMIUM;
  if (given) {
    if (isExecutable(given)) return { path: given };
    return { wrong: `PDG_CHROMIUM is ${given}, which is not an executable file: ${how}.` };
  }
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    const candidate = join(dir, 'chromium');
    if (dir && isExecutable(candidate)) return { path: candidate };
  }
  return { missing: `Chromium is not installed: ${how}.` };
}
