/** The default fetch of a client's metadata document does not reach this machine or its network. */
import { expect, it } from 'vitest';
import { clientFromDocument, guardedFetch, isMetadataDocumentId } from '../src/client-metadata-document.js';

it('takes only HTTPS URLs with a path as metadata document ids', () => {
  expect(isMetadataDocumentId('https://assistant.example/oauth/client.json')).toBe(true);
  for (const id of [
    'http://assistant.example/client.json',
    'https://assistant.example/',
    'a1b2c3',
    'https://u:p@a.example/x',
  ]) {
    expect(isMetadataDocumentId(id), id).toBe(false);
  }
});

it('refuses, without fetching, documents on IP addresses and localhost', async () => {
  for (const id of [
    'https://127.0.0.1/client.json',
    'https://[::1]/client.json',
    'https://10.0.0.8/client.json',
    'https://localhost/client.json',
    'https://metadata.localhost/client.json',
  ]) {
    await expect(guardedFetch(new URL(id)), id).rejects.toThrow(/public host names only/);
    expect(await clientFromDocument(id), id).toBeUndefined();
  }
});
