// Whether a Redis server answers at a redis:// or rediss:// URL, asked over one plain socket: `AUTH` when the
// URL carries credentials, then `PING`. `pdg queue` asks this before it opens a BullMQ queue (which would
// reconnect for ever to a wrong URL). A socket and two lines of the Redis protocol do it without loading a Redis
// client: the command starts in about half the time.
import type { Socket } from 'node:net';

/**
 * What the server said: nothing within the time (no connection, or not the Redis protocol), or an answer: an
 * error reply's text (such as `NOAUTH Authentication required.`), or none where it said PONG.
 */
export type RedisProbe = { readonly answered: false } | { readonly answered: true; readonly error?: string };

/**
 * The most the probe reads: Redis answers AUTH and PING in a few dozen bytes (an error in a line); a server that
 * sends more without them is not answering as Redis.
 */
const maxReplyLength = 4096;

/** A command in the Redis protocol's array form, which takes any bytes in its arguments. */
function command(...parts: readonly string[]): string {
  return `*${parts.length}\r\n${parts.map((part) => `$${Buffer.byteLength(part)}\r\n${part}\r\n`).join('')}`;
}

/** Asks the server at `url` (redis:// or rediss://, checked by the caller) for PING within `ms`. */
export async function probeRedis(url: string, ms: number): Promise<RedisProbe> {
  const parsed = new URL(url);
  const host = parsed.hostname.replace(/^\[(.*)\]$/, '$1') || '127.0.0.1';
  const port = Number(parsed.port || 6379);
  const password = decodeURIComponent(parsed.password);
  const username = decodeURIComponent(parsed.username);
  const commands =
    (password === '' ? '' : username === '' ? command('AUTH', password) : command('AUTH', username, password)) +
    command('PING');
  const replies = password === '' ? 1 : 2;
  let socket: Socket;
  if (parsed.protocol === 'rediss:') {
    const { connect } = await import('node:tls');
    const { isIP } = await import('node:net');
    socket = connect({ host, port, ...(isIP(host) === 0 ? { servername: host } : {}) });
  } else {
    const { connect } = await import('node:net');
    socket = connect({ host, port });
  }
  return new Promise<RedisProbe>((resolve) => {
    let text = '';
    const done = (probe: RedisProbe) => {
      clearTimeout(timer);
      socket.destroy();
      resolve(probe);
    };
    const timer = setTimeout(() => done({ answered: false }), ms);
    socket.on('error', () => done({ answered: false }));
    socket.on('close', () => done({ answered: false }));
    socket.on('data', (chunk: Buffer) => {
      text += chunk.toString('utf8');
      if (text.length > maxReplyLength) return done({ answered: false });
      const lines = text.split('\r\n');
      // Only whole lines: the last piece is what comes after the last line break.
      const whole = lines.slice(0, -1);
      // A server that does not speak the Redis protocol (an HTTP server on the port) did not answer as Redis.
      if (whole.some((line) => !/^[+-]/.test(line))) return done({ answered: false });
      const error = whole.find((line) => line.startsWith('-'));
      if (error !== undefined) done({ answered: true, error: error.slice(1) });
      else if (whole.length >= replies) done({ answered: true });
    });
    socket.write(commands);
  });
}
