#!/usr/bin/env node
// Regenerates docs/errors.md from the error catalogue (run after `npm run build`).
import { writeFileSync } from 'node:fs';
import { errorsMarkdown } from '../dist/contract/errors-doc.js';

writeFileSync(new URL('../docs/errors.md', import.meta.url), errorsMarkdown());
console.log('wrote docs/errors.md');
