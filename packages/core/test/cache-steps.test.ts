/**
 * The named steps of the response cache (cache.ts), each alone: whether a call refreshes, which calls
 * share a request in flight, and how long a shared request's retries may go on.
 */
import { describe, expect, it } from 'vitest';
import { flightKeyOf, isRefresh, latestDeadline } from '../src/layers/cache.js';

describe('isRefresh', () => {
  it("is true for 'refresh' and { refresh: true }, false for every other cache option", () => {
    expect(isRefresh('refresh')).toBe(true);
    expect(isRefresh({ refresh: true })).toBe(true);
    expect(isRefresh({ refresh: false })).toBe(false);
    expect(isRefresh({ ttlSeconds: 60 })).toBe(false);
    expect(isRefresh(undefined)).toBe(false);
  });
});

describe('flightKeyOf', () => {
  it('puts a refresh apart from plain calls for the same key, and calls with another retry policy or body cap apart', () => {
    const plain = flightKeyOf('pdg:a', false, 'retry-1');
    expect(flightKeyOf('pdg:a', false, 'retry-1')).toBe(plain);
    expect(flightKeyOf('pdg:a', true, 'retry-1')).not.toBe(plain);
    expect(flightKeyOf('pdg:a', true, 'retry-1')).toBe(flightKeyOf('pdg:a', true, 'retry-1'));
    expect(flightKeyOf('pdg:a', false, 'retry-2')).not.toBe(plain);
    expect(flightKeyOf('pdg:b', false, 'retry-1')).not.toBe(plain);
  });
});

describe('latestDeadline', () => {
  it("is the first caller's deadline while nobody waits, then the latest of those waiting", () => {
    const waiting = new Set<{ readonly deadline: number }>();
    expect(latestDeadline(waiting, 1_000)).toBe(1_000);
    waiting.add({ deadline: 800 });
    // The first caller waits too once it waits: its deadline is then among them, not added on its own.
    expect(latestDeadline(waiting, 1_000)).toBe(800);
    waiting.add({ deadline: 5_000 });
    expect(latestDeadline(waiting, 1_000)).toBe(5_000);
  });
});
