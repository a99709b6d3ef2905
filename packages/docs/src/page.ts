/**
 * The site's one HTML page: the renderer (Scalar's API reference, served from the site's own files) and
 * its settings. Everything it loads is a relative URL of the site, so the page works with no network and
 * from any folder it is served at: no fonts, telemetry, assistant or proxy of the renderer's vendor.
 */

/** Where the page finds the renderer's entry, relative to the page. */
export const rendererEntry = 'renderer/standalone.esm.js';
/** Where the page finds the decorated OpenAPI document, relative to the page. */
export const documentFile = 'openapi.json';

export interface PageOptions {
  readonly title: string;
  /** An API key filled in for "try it" (a mock gateway takes any); without it the reader enters theirs. */
  readonly apiKey?: string;
}

/** The settings given to the renderer, as JSON. */
export function rendererConfiguration(options: PageOptions): Record<string, unknown> {
  return {
    url: documentFile,
    title: options.title,
    // The vendor's web fonts, telemetry, AI assistant, MCP button and request proxy would each reach
    // another host; system fonts and direct requests (the gateway answers CORS) work offline.
    withDefaultFonts: false,
    telemetry: false,
    agent: { disabled: true },
    mcp: { disabled: true },
    showDeveloperTools: 'never',
    // The samples are the document's own (x-codeSamples): the SDK call, the pdg command and curl.
    hiddenClients: true,
    documentDownloadType: 'json',
    operationTitleSource: 'summary',
    ...(options.apiKey
      ? {
          authentication: {
            preferredSecurityScheme: 'apiKey',
            securitySchemes: { apiKey: { value: options.apiKey } },
          },
        }
      : {}),
  };
}

/** A small icon inline, so the browser asks for no `/favicon.ico` (a 404 on a gateway). */
const icon =
  "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 16 16'%3E%3Crect width='16' height='16' rx='3' fill='%23165dfb'/%3E%3Ctext x='8' y='12' font-size='10' font-family='sans-serif' text-anchor='middle' fill='white'%3Ep%3C/text%3E%3C/svg%3E";

export function pageHtml(options: PageOptions): string {
  // In a <script> element, "</" would end it: the JSON keeps it escaped.
  const configuration = JSON.stringify(rendererConfiguration(options)).replaceAll('</', '<\\/');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(options.title)}</title>
<link rel="icon" href="${icon}">
<noscript><style>#app{display:none}</style></noscript>
</head>
<body>
<noscript>This API reference needs JavaScript. The same description as JSON: <a href="${documentFile}">${documentFile}</a>.</noscript>
<div id="app"></div>
<script type="application/json" id="pdg-docs-configuration">${configuration}</script>
<script type="module">
import { createApiReference } from './${rendererEntry}';
const configuration = JSON.parse(document.getElementById('pdg-docs-configuration').textContent);
createApiReference('#app', configuration);
</script>
</body>
</html>
`;
}

function escapeHtml(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');
}
