/**
 * Ctrl-C (SIGINT) and SIGTERM during a walk: noticed, so the walk stops between two lines and says where,
 * instead of the process dying mid-line. A second signal while it stops is the runtime's again (exits at once).
 */

export interface Interruption {
  /** The signal received, once one is. */
  readonly received: 'SIGINT' | 'SIGTERM' | undefined;
  /** Aborted on the signal: passed to the walk, so a page being fetched is not waited for. */
  readonly signal: AbortSignal;
  /** The shell's code for the signal: 130 for SIGINT, 143 for SIGTERM. */
  readonly exitCode: number;
  /** Stops listening. */
  stop(): void;
}

const exitCodes = { SIGINT: 130, SIGTERM: 143 } as const;

export function watchInterrupts(): Interruption {
  const controller = new AbortController();
  let received: Interruption['received'];
  const handlers = (['SIGINT', 'SIGTERM'] as const).map((name) => {
    const handler = () => {
      received ??= name;
      stop();
      controller.abort(new Error(`stopped by ${name}`));
    };
    process.once(name, handler);
    return [name, handler] as const;
  });
  const stop = () => {
    for (const [name, handler] of handlers) process.off(name, handler);
  };
  return {
    get received() {
      return received;
    },
    signal: controller.signal,
    get exitCode() {
      return received === undefined ? 0 : exitCodes[received];
    },
    stop,
  };
}

/** One word of a command line as a POSIX shell reads it back: single-quoted unless plainly safe. */
export function shellQuoted(word: string): string {
  return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replaceAll("'", `'\\''`)}'`;
}
