// One step of a repository script (`pnpm new-provider`): says what it starts, streams the command's output
// as it comes, and while the command is silent prints a heartbeat line every `PDG_HEARTBEAT_MS` (10 s by
// default), so a long build never looks like a hang; then says how long the step took.
import { spawn } from 'node:child_process';

/** How long a step may be silent before a heartbeat line says it is still running. */
export function heartbeatMs(env = process.env) {
  const given = Number(env.PDG_HEARTBEAT_MS);
  return Number.isFinite(given) && given > 0 ? given : 10_000;
}

const seconds = (since) => `${Math.round((Date.now() - since) / 1000)} s`;

/**
 * Runs `command args` in `cwd` as step `label` ("[2/5] Linking the package"), its output passed through;
 * resolves to true when it exits with 0.
 */
export function runStep({ label, command, args, cwd, every = heartbeatMs() }) {
  const started = Date.now();
  console.log(`\n${label}\n> ${[command, ...args].join(' ')}`);
  return new Promise((resolve) => {
    // pnpm is a .cmd shim on Windows, which only a shell can start.
    const child = spawn(command, args, {
      cwd,
      stdio: ['ignore', 'pipe', 'pipe'],
      shell: process.platform === 'win32',
    });
    let quietSince = Date.now();
    const pass = (to) => (chunk) => {
      quietSince = Date.now();
      to.write(chunk);
    };
    child.stdout.on('data', pass(process.stdout));
    child.stderr.on('data', pass(process.stderr));
    const heartbeat = setInterval(
      () => {
        if (Date.now() - quietSince < every) return;
        quietSince = Date.now();
        console.log(`  … still running: ${label.replace(/^\[[^\]]*\] /, '')} (${seconds(started)} so far)`);
      },
      Math.max(50, Math.floor(every / 4)),
    );
    let finished = false;
    const finish = (ok, note) => {
      if (finished) return;
      finished = true;
      clearInterval(heartbeat);
      console.log(`${ok ? '  done' : '  failed'} in ${seconds(started)}${note ? `: ${note}` : ''}`);
      resolve(ok);
    };
    child.once('error', (error) => finish(false, error.message));
    child.once('close', (code) => finish(code === 0));
  });
}
