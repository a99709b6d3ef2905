/** Who a request is for, carried through the pipeline for error messages and hooks. */
export interface CallContext {
  readonly providerId: string;
  readonly endpointName: string;
}
