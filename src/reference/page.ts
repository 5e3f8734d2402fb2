/** One contract the page offers, by the URL it is served at. */
export interface ContractLink {
  url: string;
  name: string;
}

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${String(c.charCodeAt(0))};`);

/** Where this server serves the typed client, and the API's base URL its first call names. */
export interface ClientDownload {
  /** e.g. `https://api.example.com/downloads/petstore-client.tgz` */
  tarballUrl: string;
  /** BASE_URL, ending in `/v1`. */
  baseUrl: string;
}

/** The install line and a first call with the typed client, as the API's callers copy them. */
function clientSection({ tarballUrl, baseUrl }: ClientDownload): string {
  const firstCall = [
    "import { createClient } from '@petstore/client';",
    '',
    // One option a line: the line would not fit a phone, and its address is what a reader copies.
    'const petstore = createClient({',
    `  baseUrl: '${baseUrl}',`,
    '  apiKey: process.env.PETSTORE_KEY,',
    '});',
    "const { pets } = await petstore.listPets({ status: 'available' });",
  ].join('\n');
  return `<section class="reference-client" aria-labelledby="client-heading">
<h2 id="client-heading">Call it from TypeScript or JavaScript</h2>
<p>The typed client (<code>@petstore/client</code>: retries as the API asks, exact int64 ids, a warning when you call a deprecated operation) installs from this server, with no registry:</p>
<pre tabindex="0"><code>npm install ${escape(tarballUrl)}</code></pre>
<p>Its SHA-256: <a href="${escape(tarballUrl)}.sha256">${escape(tarballUrl.slice(tarballUrl.lastIndexOf('/') + 1))}.sha256</a>. A first call (Node.js 22.14 or later, ES modules):</p>
<pre tabindex="0"><code>${escape(firstCall)}</code></pre>
</section>`;
}

/** The versions a reader sees on the page: the API's own (its contract's `info.version`) and the server's release. */
export interface Versions {
  /** The v1 contract's `info.version`, e.g. `1.0.0`. */
  api: string;
  /** This server's release (package.json), e.g. `1.1.0`. */
  release: string;
}

/** The choice of contract, first on the page: the renderer's own bar would sit below the page's introduction. */
function definitionChoice(contracts: ContractLink[]): string {
  const options = contracts.map((c) => `<option value="${escape(c.url)}">${escape(c.name)}</option>`).join('');
  return `<div class="reference-definition"><label for="definition">Definition</label><select id="definition">${options}</select></div>`;
}

/**
 * The page: no inline script (the Content-Security-Policy allows scripts from
 * this origin only); the list of contracts travels in a data attribute.
 */
export function referencePage(contracts: ContractLink[], client: ClientDownload | null = null, versions?: Versions): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Petstore API reference</title>
<link rel="icon" type="image/png" href="/docs/assets/favicon-32x32.png">
<link rel="stylesheet" href="/docs/assets/swagger-ui.css">
<link rel="stylesheet" href="/docs/assets/reference.css">
</head>
<body>
<header class="reference-header"><div class="reference-top"><h1>Petstore API reference</h1>${definitionChoice(contracts)}</div>
${
  versions
    ? `<p class="reference-versions">The v1 API is version <strong>${escape(versions.api)}</strong>, its contract's own (the badge beside its title), which changes only when the API does; this server runs Petstore <strong>${escape(versions.release)}</strong>, the release (<code>/readyz</code>, <code>petstore --version</code>).</p>\n`
    : ''
}<p>Try a request with your API key: <strong>Authorize</strong>, then <strong>Try it out</strong>. Integers marked int64 are exact on the wire; this page shows values above 2<sup>53</sup> − 1 rounded, as every browser does.</p>
${client ? clientSection(client) : ''}</header>
<main id="reference" data-contracts="${escape(JSON.stringify(contracts))}"></main>
<script src="/docs/assets/swagger-ui-bundle.js"></script>
<script src="/docs/assets/reference.js"></script>
</body>
</html>
`;
}

/** Starts the renderer on the contracts named by the page; served as /docs/assets/reference.js. */
export const REFERENCE_SCRIPT = `(function () {
  var root = document.getElementById('reference');
  var urls = JSON.parse(root.getAttribute('data-contracts'));
  var choice = document.getElementById('definition');
  window.ui = SwaggerUIBundle({
    url: urls[0].url,
    domNode: root,
    deepLinking: true,
    showExtensions: true,
    showCommonExtensions: true,
    displayRequestDuration: true,
    tryItOutEnabled: false,
    persistAuthorization: false,
    // null: never ask the public validator service (no request may leave the host).
    validatorUrl: null,
    presets: [SwaggerUIBundle.presets.apis],
    plugins: [SwaggerUIBundle.plugins.DownloadUrl],
    layout: 'BaseLayout'
  });
  // The page's own choice of contract (at the top, in place of the renderer's bar) loads the one chosen.
  choice.addEventListener('change', function () {
    window.ui.specActions.updateUrl(choice.value);
    window.ui.specActions.download(choice.value);
  });
  // The renderer's markup has accessibility gaps axe reports as serious: a server list without a
  // name, and links nested inside the buttons that expand an operation. Mend them as they render.
  function mend() {
    var servers = document.getElementById('servers');
    if (servers && !servers.getAttribute('aria-label')) servers.setAttribute('aria-label', 'Server');
    // The enclosing button expands the operation and updates the address (deepLinking) already.
    var nested = document.querySelectorAll('.opblock-summary-control a[href]');
    for (var i = 0; i < nested.length; i++) nested[i].removeAttribute('href');
  }
  new MutationObserver(mend).observe(root, { childList: true, subtree: true });
  mend();
})();
`;

// Colours darker than the renderer's own, so every text meets WCAG AA contrast (axe: color-contrast).
export const REFERENCE_CSS = `.swagger-ui .opblock.opblock-get .opblock-summary-method { background: #1d5a9e; }
.swagger-ui .opblock.opblock-post .opblock-summary-method { background: #1f6f4a; }
.swagger-ui .opblock.opblock-patch .opblock-summary-method { background: #0f6e5c; }
.swagger-ui .opblock.opblock-delete .opblock-summary-method { background: #b42318; }
.swagger-ui .opblock.opblock-deprecated { opacity: 1; }
.swagger-ui .opblock.opblock-deprecated .opblock-summary-method { background: #4b4b4b; }
.swagger-ui .opblock.opblock-deprecated .opblock-summary-path a, .swagger-ui .opblock.opblock-deprecated .opblock-summary-path span { color: #3b3b3b; }
.swagger-ui .opblock.opblock-deprecated .opblock-summary-description, .swagger-ui .opblock.opblock-deprecated .opblock-summary-path { color: #3b3b3b; }
.swagger-ui .info .title small pre, .swagger-ui .info .title small.version-stamp pre { color: #fff; }
.swagger-ui .info .title small { background: #4b5563; }
.swagger-ui .info .title small.version-stamp { background: #2f6b12; }
.swagger-ui .info a, .swagger-ui .info .url, .swagger-ui .info__license__url { color: #1d4ed8; }
.swagger-ui .btn.authorize span, .swagger-ui .btn.authorize { color: #1f6f4a; border-color: #1f6f4a; }
.swagger-ui .json-schema-2020-12-expand-deep-button { color: #374151; }
.swagger-ui .opblock-tag small, .swagger-ui .opblock-summary-description { color: #1f2937; }
.reference-header { font-family: sans-serif; max-width: 1460px; margin: 0 auto; padding: 16px 20px 0; }
.reference-top { display: flex; flex-wrap: wrap; align-items: center; justify-content: space-between; gap: 8px 16px; margin-bottom: 8px; }
.reference-header h1 { font-size: 1.6rem; margin: 0; color: #3b4151; }
.reference-definition { display: flex; align-items: center; gap: 8px; }
.reference-definition label { font-weight: 600; color: #3b4151; }
.reference-definition select { font: inherit; padding: 6px 8px; border: 1px solid #6b7280; border-radius: 4px; background: #fff; color: #1f2937; max-width: 100%; }
.reference-versions { margin-bottom: 6px !important; }
.reference-header p { margin: 0; color: #3b4151; }
.reference-client { margin-top: 12px; }
.reference-client h2 { font-size: 1.15rem; margin: 0 0 4px; color: #3b4151; }
.reference-client p { margin: 6px 0; }
.reference-client pre { background: #1f2937; color: #f9fafb; padding: 8px 12px; border-radius: 4px; overflow-x: auto; margin: 6px 0; }
.reference-client a { color: #1d4ed8; }
@media (max-width: 600px) { .reference-client pre { white-space: pre-wrap; overflow-wrap: anywhere; } }
`;
