/** The `@pdg/docs` entry: the API reference site, its decorated OpenAPI document and code samples. */
export { type DecorateOptions, decorateDocument } from './decorate.js';
export { exampleFixture } from './example.js';
export { type CodeSample, codeSamples, providerImport, type SampleCall } from './samples.js';
export { type DocsSite, type DocsSiteOptions, docsSite, mockDocs, type SiteFile } from './site.js';
