import { readdirSync } from 'node:fs';
import { entriesOf, pipeBase, schemaNode, unwrapped } from '@pdg/core/describe';

for (const dir of readdirSync('../providers')) {
  const mod = await import(`../providers/${dir}/dist/index.js`);
  for (const p of Object.values(mod)) {
    if (!p || typeof p !== 'object' || !p.endpoints || !p.id) continue;
    for (const [name, e] of Object.entries(p.endpoints)) {
      if (!e.paging) continue;
      const arr = pipeBase(unwrapped(entriesOf(pipeBase(schemaNode(e.response)))[e.paging.items]));
      const item = pipeBase(unwrapped(arr.item));
      const fields = Object.entries(entriesOf(item)).map(([k, n]) =>
        n.type === 'optional' || n.type === 'nullish' || n.type === 'exact_optional' ? `${k}?` : k,
      );
      console.log(`${dir}/${name} [${e.paging.kind}] ${fields.join(' ')}`);
    }
  }
}
