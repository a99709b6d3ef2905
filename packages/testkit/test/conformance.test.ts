import { testProviderConformance } from '../src/conformance.js';
import { books, fixtures } from './provider.js';

// The suite run on testkit's own small provider, as a provider package runs it.
testProviderConformance(books, fixtures, {
  specPaths: ['/v1/books:shelf/search', '/v1/books:shelf/book/{bookId}'],
});
