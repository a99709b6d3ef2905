import { usePdgGateway } from '@pdg/testkit/vitest';
import { describe, expect, it } from 'vitest';
import { fixtures } from '../src/fixtures.js';
import { centralbank } from '../src/index.js';

const { client: pdg, gateway, refused: refusal } = usePdgGateway([centralbank], fixtures);

describe('finance:centralbank date forms differ per endpoint and per param', () => {
  it('money-market takes YYYY-MM-DD only, and the message shows the accepted form', async () => {
    const error = await refusal(pdg.run('finance:centralbank', 'money-market', { from: '2026-11' }));
    expect(error.issues).toEqual([
      { path: 'from', message: 'must be a date in the form YYYY-MM-DD, such as 2026-03-31 (received "2026-11")' },
    ]);
  });

  it('bond-yields and policy-rates take YYYY-MM-DD or YYYY-MM', async () => {
    const yields = await pdg.run('finance:centralbank', 'bond-yields', {
      maturity: '2,10',
      from: '2026-08',
      to: '2026-10',
      length: 6,
    });
    expect(yields.items.map((row) => [row.period, row.maturity])).toContainEqual(['2026-08', 10]);
    const error = await refusal(pdg.run('finance:centralbank', 'policy-rates', { from: '2026' }));
    expect(error.message).toContain('from must be a date in the form YYYY-MM-DD or a month YYYY-MM');
  });

  it('cube takes a full date in to, and sends any from: the spec leaves its coarser forms open', async () => {
    const result = await pdg.run('finance:centralbank', 'cube', {
      cube: 'zirepo',
      from: '2026-03',
      to: '2026-09-30',
      length: 3,
    });
    expect(result.items[0]?.values?.[0]).toEqual({ date: '2026-09-25', value: 0.25 });
    const error = await refusal(
      pdg.run('finance:centralbank', 'cube', { cube: 'zirepo', from: '2026-Q1', to: '2026-06' }),
    );
    expect(error.issues).toEqual([
      { path: 'to', message: 'must be a date in the form YYYY-MM-DD, such as 2026-03-31 (received "2026-06")' },
    ]);
    gateway().reply('finance:centralbank', 'cube', { body: { items: [] } });
    await pdg.run('finance:centralbank', 'cube', { cube: 'zirepo', from: '2026-W05' }, { validate: 'off' });
    expect(gateway().requests.at(-1)?.query.from).toBe('2026-W05');
  });

  it('refuses a date of another form, and sends a range whose end comes before its start (the spec sets no order)', async () => {
    const impossible = await refusal(pdg.run('finance:centralbank', 'money-market', { to: '2026-02-30x' }));
    expect(impossible.issues[0]?.path).toBe('to');
    gateway().reply('finance:centralbank', 'policy-rates', { body: { items: [] } });
    await pdg.run('finance:centralbank', 'policy-rates', { from: '2026-10', to: '2026-09-15' }, { validate: 'off' });
    expect(gateway().requests.at(-1)?.query).toEqual({ from: '2026-10', to: '2026-09-15' });
  });
});

describe('finance:centralbank comma-separated params take a string or an array', () => {
  it('bank as an array is sent comma-joined', async () => {
    const rates = await pdg.run('finance:centralbank', 'policy-rates', {
      bank: ['ecb', 'fed'],
      from: '2026-09',
      to: '2026-10',
    });
    expect(new Set(rates.items.map((row) => row.bank))).toEqual(new Set(['ecb', 'fed']));
    expect(gateway().requests[0]?.query.bank).toBe('ecb,fed');
  });

  it('maturity as numbers or as the gateway string reaches the same fixture', async () => {
    const fromNumbers = await pdg.run('finance:centralbank', 'bond-yields', {
      maturity: [2, 10],
      from: '2026-08',
      to: '2026-10',
      length: 6,
    });
    expect(fromNumbers.maturities).toEqual([2, 10]);
    expect(gateway().requests[0]?.query.maturity).toBe('2,10');
  });

  it('a maturity or bank code beyond the published ones is sent as given: the spec types both as strings', async () => {
    gateway().reply('finance:centralbank', 'bond-yields', { body: { items: [] } });
    gateway().reply('finance:centralbank', 'policy-rates', { body: { items: [] } });
    await pdg.run('finance:centralbank', 'bond-yields', { maturity: '2,11' }, { validate: 'off' });
    await pdg.run('finance:centralbank', 'policy-rates', { bank: ['ecb', 'snb'] }, { validate: 'off' });
    expect(gateway().requests.map((request) => request.query)).toEqual([{ maturity: '2,11' }, { bank: 'ecb,snb' }]);
    const empty = await refusal(pdg.run('finance:centralbank', 'policy-rates', { bank: 'ecb,,fed' }));
    expect(empty.issues[0]).toMatchObject({ path: 'bank' });
  });
});

describe('finance:centralbank limits and enums', () => {
  it('length has a maximum per endpoint: 20000 for yields, 5000 for policy rates', async () => {
    const rates = await refusal(pdg.run('finance:centralbank', 'policy-rates', { length: 5001 }));
    expect(rates.issues).toEqual([{ path: 'length', message: 'must be at most 5000 (received 5001)' }]);
    const cube = await refusal(pdg.run('finance:centralbank', 'cube', { cube: 'zirepo', length: 20_001 }));
    expect(cube.issues[0]?.message).toBe('must be at most 20000 (received 20001)');
  });

  it('lang is one of en, de, fr, it, and cube is required', async () => {
    // @ts-expect-error `es` is not a published language
    const lang = await refusal(pdg.run('finance:centralbank', 'cube-dimensions', { cube: 'zirepo', lang: 'es' }));
    expect(lang.issues[0]?.message).toBe('must be one of "en", "de", "fr", "it" (received "es")');
    // @ts-expect-error cube is required
    const missing = await refusal(pdg.run('finance:centralbank', 'cube', {}));
    expect(missing.issues).toEqual([{ path: 'cube', message: 'is required' }]);
  });

  it('a cube id beyond the confirmed five is accepted and sent', async () => {
    const nodes = await pdg.run('finance:centralbank', 'cube-dimensions', { cube: 'zirepo', lang: 'de' });
    expect(nodes.items.find((node) => node.isLeaf)?.name).toBe('Leitzins');
    expect(nodes.leaves).toBe(3);
  });

  it('money-market series say which table they belong to; a cube series without scale reads undefined', async () => {
    const market = await pdg.run('finance:centralbank', 'money-market', { length: 3 });
    expect(market.items.map((series) => series.table)).toEqual(['saron', 'saron', 'reference']);
    const cube = await pdg.run('finance:centralbank', 'cube', {
      cube: 'zirepo',
      from: '2026-03',
      to: '2026-09-30',
      length: 3,
    });
    expect(cube.items[0]?.scale).toBeUndefined();
    expect(cube.select).toBeUndefined();
  });
});
