/** What every command prints through: whole lines, with the secrets this run knows of kept out. */
import { redact } from '@pdg/core/face';
import { visible } from './terminal-text.js';

export function write(stream: NodeJS.WriteStream, text: string): Promise<void> {
  return new Promise((resolve) => {
    if (stream.write(`${text}\n`)) resolve();
    else stream.once('drain', resolve);
  });
}

/** Keys this run knows of (--api-key, PDG_API_KEY, a mock's), kept out of everything it prints. */
const secrets = new Set<string>();

/** Adds a secret (an API key) to those kept out of what pdg prints. */
export function keepSecret(secret: string | undefined): void {
  if (secret) secrets.add(secret);
}

/**
 * `value` (a message, an answer) with every known key replaced by `[redacted]`, in any form a gateway may
 * echo it in (as it is, URL-encoded, base64): core's own `redact`. Core already redacts its errors; this
 * covers what pdg prints besides them.
 */
export function redacted<T>(value: T): T {
  let out = value;
  for (const secret of secrets) out = redact(out, secret);
  return out;
}

/**
 * The error's message for stderr, its own lines kept (a list of closest fixtures reads better as a list)
 * and indented under `pdg: `. Never a stack trace: that is for developers of pdg, not its users.
 */
export function messageOf(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return visible(redacted(text))
    .split(/\r?\n/)
    .map((line) => line.trimEnd())
    .join('\n     ');
}

/**
 * The command that runs this pdg again from a shell: `npx @pdg/cli` when npx started it (npx puts `pdg` on
 * the PATH of the process it starts, not of the user's shell), else `pdg`.
 */
export function pdgCommand(): string {
  return process.env.npm_lifecycle_event === 'npx' ? 'npx @pdg/cli' : 'pdg';
}
