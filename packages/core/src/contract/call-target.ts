import type { EndpointDefinition } from './contract.js';

/**
 * Which endpoint a call is for, by the names `run()` takes: `provider` is the provider id
 * (`music:catalogstore`), `endpoint` the endpoint name (`search`). Every error and every hook reports
 * this pair; the endpoint's definition, where code needs it, is called `definition`.
 */
export interface CallTarget {
  /** Provider id (`music:catalogstore`). */
  readonly provider: string;
  /** Endpoint name (`search`). */
  readonly endpoint: string;
}

/** A call's target with its endpoint's definition and params: what validating and building a request start from. */
export interface TargetedCall<TParams = unknown> extends CallTarget {
  readonly definition: EndpointDefinition;
  readonly params: TParams;
}
