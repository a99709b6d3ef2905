/** `pdg completion bash|zsh|fish`: the completion script, from the providers and the flag tables. */
import { checkFlags, type ParsedArgs } from '../args.js';
import { loadProviders } from '../catalog.js';
import { completionScript } from '../completion-scripts.js';
import { flagsOf } from '../flags.js';
import { write } from '../io.js';

export async function completionCommand(args: ParsedArgs): Promise<number> {
  checkFlags('completion', flagsOf('completion'), args);
  await write(process.stdout, completionScript(args.positionals[1], await loadProviders()).trimEnd());
  return 0;
}
