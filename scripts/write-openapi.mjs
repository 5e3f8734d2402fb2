#!/usr/bin/env node
// Regenerates docs/openapi.json (/v1) and docs/management-openapi.json (/api/v1) from the route schemas (run after `npm run build`).
import { writeFileSync } from 'node:fs';
import { publishedDocument, publishedManagementDocument } from '../dist/published-contract.js';

writeFileSync(new URL('../docs/openapi.json', import.meta.url), `${JSON.stringify(await publishedDocument(), null, 2)}\n`);
console.log('wrote docs/openapi.json');
writeFileSync(
  new URL('../docs/management-openapi.json', import.meta.url),
  `${JSON.stringify(await publishedManagementDocument(), null, 2)}\n`,
);
console.log('wrote docs/management-openapi.json');
