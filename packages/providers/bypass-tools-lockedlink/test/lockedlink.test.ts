import { usePdgGateway } from '@pdg/testkit/vitest';
import { describe, expect, it } from 'vitest';
import { fixtures } from '../src/fixtures.js';
import { lockedlink } from '../src/index.js';

const { client: pdg, gateway } = usePdgGateway([lockedlink], fixtures);

describe('bypass-tools:lockedlink resolve', () => {
  it.each([
    ['an /unlock/<code> URL', 'https://locker.example.test/unlock/Hn4wQ9', 'Hn4wQ9'],
    ['a /u/<code> URL', 'https://locker.example.test/u/Zr81Kp', 'Zr81Kp'],
    ['the bare code', 'Qm7xT2', 'Qm7xT2'],
  ])('resolves %s, sending it as given', async (_form, url, code) => {
    const result = await pdg.run('bypass-tools:lockedlink', 'resolve', { url });
    expect(result.code).toBe(code);
    expect(result.inputUrl).toBe(url);
    expect(gateway().requests).toEqual([{ path: '/v1/bypass-tools:lockedlink/resolve', query: { url } }]);
  });

  it('lists the actions the locker asks for', async () => {
    const result = await pdg.run('bypass-tools:lockedlink', 'resolve', {
      url: 'https://locker.example.test/unlock/Hn4wQ9',
    });
    expect((result.requiredActions ?? []).map((step) => [step.action, step.platform])).toEqual([
      ['follow', 'social'],
      ['visit', 'web'],
    ]);
  });
});
