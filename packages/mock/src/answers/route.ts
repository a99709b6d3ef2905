/**
 * Which provider and endpoint a request's path names, `/v1/{category}:{provider}/{endpoint}[/{id}]`, or the
 * 400/404 answer saying what is wrong with it and what exists.
 */
import type { AnyProvider, EndpointDefinition } from '@pdg/core';
import { errorAnswer, type FixtureAnswer } from './answer.js';
import type { Route } from './model.js';

export function isRoute(value: Route | FixtureAnswer): value is Route {
  return 'endpoint' in value;
}

/** `decodeURIComponent`, or null for malformed percent-encoding (which would otherwise throw). */
export function safeDecode(part: string): string | null {
  try {
    return decodeURIComponent(part);
  } catch {
    return null;
  }
}

/** The path's parts, decoded: provider id, endpoint path and the path id if any; or the answer why not. */
function pathParts(pathname: string): [string, string, string | undefined] | FixtureAnswer {
  const match = /^\/v1\/([^/]+)\/([^/]+)(?:\/([^/]+))?\/?$/.exec(pathname);
  if (!match) {
    return errorAnswer(404, `No route ${pathname}: paths look like /v1/{category}:{provider}/{endpoint}[/{id}].`);
  }
  const parts = match.slice(1).map((part) => (part === undefined ? undefined : safeDecode(part)));
  if (parts.includes(null)) {
    return errorAnswer(400, `Bad request: the path ${pathname} is not valid percent-encoding (UTF-8).`);
  }
  const [providerId = '', endpointPath = '', pathValue] = parts as (string | undefined)[];
  return [providerId, endpointPath, pathValue];
}

/** The endpoint of a provider whose path (its `path`, else its name) is `endpointPath`. */
function endpointAt(provider: AnyProvider, endpointPath: string): [string, EndpointDefinition] | undefined {
  const found = Object.entries(provider.endpoints).find(([name, endpoint]) => (endpoint.path ?? name) === endpointPath);
  return found as [string, EndpointDefinition] | undefined;
}

/** The route a path names among these providers, or the 404 (400 for bad encoding) naming what exists. */
export function findRoute(providers: ReadonlyMap<string, AnyProvider>, pathname: string): Route | FixtureAnswer {
  const parts = pathParts(pathname);
  if (!Array.isArray(parts)) return parts;
  const [providerId, endpointPath, pathValue] = parts;
  const provider = providers.get(providerId);
  if (!provider) {
    return errorAnswer(
      404,
      `Unknown provider "${providerId}". This gateway serves: ${[...providers.keys()].join(', ')}.`,
    );
  }
  const found = endpointAt(provider, endpointPath);
  if (!found) {
    const names = Object.entries(provider.endpoints).map(([name, endpoint]) => endpoint.path ?? name);
    return errorAnswer(404, `Unknown endpoint "${endpointPath}" of ${providerId}. Its endpoints: ${names.join(', ')}.`);
  }
  const [endpointName, endpoint] = found;
  if ((pathValue === undefined) !== (endpoint.pathParam === undefined)) {
    const shape = `/v1/${providerId}/${endpointPath}${endpoint.pathParam ? `/{${endpoint.pathParam}}` : ''}`;
    return errorAnswer(404, `No route ${pathname}: this endpoint is ${shape}.`);
  }
  return pathValue === undefined
    ? { provider, endpointName, endpoint }
    : { provider, endpointName, endpoint, pathValue };
}
