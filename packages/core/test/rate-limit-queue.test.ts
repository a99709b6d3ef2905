/**
 * The named steps of the rate limit's queue (rate-limit-queue.ts), each alone: how long to wait before asking
 * Redis again, when the hand-over after an outage ends, which waiters a turn lists, how timer lateness decays.
 */
import { describe, expect, it } from 'vitest';
import {
  askDelay,
  decayedJitter,
  handoverOver,
  maxAskIntervalMs,
  waitersToList,
} from '../src/layers/rate-limit-queue.js';

describe('askDelay', () => {
  it('waits as long as Redis hints, kept between 1 ms and the longest ask interval, and leaves soon as it was', () => {
    expect(askDelay(40, 5)).toEqual({ waitMs: 40, soon: 5 });
    expect(askDelay(0, 5)).toEqual({ waitMs: 1, soon: 5 });
    expect(askDelay(60_000, 5)).toEqual({ waitMs: maxAskIntervalMs, soon: 5 });
  });

  it('without a hint, waits `soon` and doubles it for the next time, up to 250 ms', () => {
    const waits: number[] = [];
    let soon = 5;
    for (let ask = 0; ask < 8; ask++) {
      const delay = askDelay(-1, soon);
      waits.push(delay.waitMs);
      soon = delay.soon;
    }
    expect(waits).toEqual([5, 10, 20, 40, 80, 160, 250, 250]);
  });
});

describe('handoverOver', () => {
  const handover = { since: 0, peers: 3, backAt: 1_000 };

  it('ends once every process that shared the limit has asked Redis again', () => {
    expect(handoverOver(handover, 2, 1_010, 5_000)).toBe(false);
    expect(handoverOver(handover, 3, 1_010, 5_000)).toBe(true);
  });

  it('ends at the latest handoverMaxMs after Redis answered again, for a process that ended never asks', () => {
    expect(handoverOver(handover, 1, 5_999, 5_000)).toBe(false);
    expect(handoverOver(handover, 1, 6_000, 5_000)).toBe(true);
  });
});

describe('waitersToList', () => {
  const waiters = [
    { id: 'a', queued: true },
    { id: 'b', queued: true },
    { id: 'c', queued: true },
    { id: 'd', queued: false },
  ];

  it('lists the first `points` waiters, and every one Redis has not queued yet', () => {
    expect(waitersToList(waiters, 2, false).map((waiter) => waiter.id)).toEqual(['a', 'b', 'd']);
    expect(waitersToList(waiters, 10, false)).toHaveLength(4);
  });

  it('lists none while the limit is paused (a 429 asked every process to wait)', () => {
    expect(waitersToList(waiters, 2, true)).toEqual([]);
  });
});

describe('decayedJitter', () => {
  it('halves each window without late timers, and a late timer raises it at once', () => {
    expect(decayedJitter(40, 0, 1_000, 1_000)).toBe(20);
    expect(decayedJitter(40, 0, 2_000, 1_000)).toBe(10);
    expect(decayedJitter(10, 75, 1_000, 1_000)).toBe(75);
  });
});
