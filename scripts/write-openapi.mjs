#!/usr/bin/env node
// Regenerates docs/openapi.json from the route schemas (run after `npm run build`).
import { writeFileSync } from 'node:fs';
import { publishedDocument } from '../dist/contract/document.js';

writeFileSync(new URL('../docs/openapi.json', import.meta.url), `${JSON.stringify(await publishedDocument(), null, 2)}\n`);
console.log('wrote docs/openapi.json');
