// Set up before each of core's test files in the run against another valibot: fails the file unless the
// `valibot` it imports is the copy the run was given, so the run cannot pass on the locked one by mistake.
import * as inUse from 'valibot';

const given = (await import(`${process.env.PDG_VALIBOT}`)) as typeof inUse;
if (inUse.string !== given.string) {
  throw new Error(`core's tests imported a valibot other than ${process.env.PDG_VALIBOT}.`);
}
