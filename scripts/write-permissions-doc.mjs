#!/usr/bin/env node
// Regenerates docs/permissions.md from the permission table (run after `npm run build`).
import { writeFileSync } from 'node:fs';
import { permissionsMarkdown } from '../dist/management/permissions-doc.js';

writeFileSync(new URL('../docs/permissions.md', import.meta.url), permissionsMarkdown());
console.log('wrote docs/permissions.md');
