/** What every command prints through: whole lines, with the secrets this run knows of kept out. */
import type { redact } from '@pdg/core';
import { visible } from './terminal-text.js';

export function write(stream: NodeJS.WriteStream, text: string): Promise<void> {
  return new Promise((resolve) => {
    if (stream.write(`${text}\n`)) resolve();
    else stream.once('drain', resolve);
  });
}

/** Secrets this run knows of, kept out of everything it prints. */
const secrets: string[] = [];

/** Adds a secret (an API key) to those kept out of what pdg prints. */
export function keepSecret(secret: string | undefined): void {
  if (secret) secrets.push(secret);
}

/** `text` with every known secret replaced (core already redacts its errors; this covers the rest). */
export function redacted(text: string): string {
  return secrets.reduce((out, secret) => (secret.length >= 4 ? out.replaceAll(secret, '[redacted]') : out), text);
}

/**
 * `value` (an answer, an item) with every known secret replaced in any string inside it, keys included, by
 * core's own `redact` (passed in: core is loaded by the commands that call a gateway, not at start-up). A
 * gateway can echo the key in a 200 body; what pdg prints never holds it.
 */
export function redactedValue<T>(value: T, redactWith: typeof redact): T {
  return secrets.reduce((out, secret) => redactWith(out, secret), value);
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
