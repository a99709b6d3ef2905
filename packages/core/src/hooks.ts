import type { PdgError } from './errors.js';

/** Who a hook is being called for. */
export interface HookContext {
  /** Provider id (`music:catalogstore`). */
  readonly provider: string;
  /** Endpoint name (`search`). */
  readonly endpoint: string;
  /** The validated params of the call. */
  readonly params: Readonly<Record<string, unknown>>;
}

/**
 * Observe or change requests and responses without forking the core: logging, metrics, tracing,
 * auth variations. Pass one set or several (`hooks: [logging, metrics]`); they run in order.
 */
export interface Hooks {
  /** Before the request is first sent. Return a `Request` to replace it (extra headers, a signed URL). */
  // biome-ignore lint/suspicious/noConfusingVoidType: an `async` hook that returns nothing has type Promise<void>.
  beforeRequest?: (context: HookContext & { readonly request: Request }) => void | Request | Promise<void | Request>;
  /** Before each retry, with the failure that caused it and the retry number (1-based). */
  beforeRetry?: (context: HookContext & { readonly attempt: number; readonly error: PdgError }) => void | Promise<void>;
  /**
   * After a 2xx response's body was parsed, before it is unwrapped and validated. Return a value to
   * replace the body.
   */
  afterResponse?: (
    context: HookContext & { readonly response: Response; readonly body: unknown; readonly durationMs: number },
  ) => unknown;
  /** When a call fails, with the error about to be thrown. */
  onError?: (context: HookContext & { readonly error: PdgError }) => void | Promise<void>;
}
