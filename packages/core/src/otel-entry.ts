// `@pdg/core/otel`: OpenTelemetry traces and metrics, opt-in, so only an app that imports it loads `@opentelemetry/api`.
export type { ClientTelemetry } from './call/layers.js';
export { type OpenTelemetryOptions, openTelemetry } from './layers/otel.js';
