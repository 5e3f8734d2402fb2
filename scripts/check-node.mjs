#!/usr/bin/env node
// `npm ci`'s preinstall step: stops at once, with one line, on a Node.js that cannot run Petstore.
// (.npmrc's engine-strict refuses it earlier; this line is what is said when engine-strict is turned off.)
import { refusal } from './supported-node.mjs';

const refused = refusal(process.version);
if (refused) {
  console.error(refused);
  process.exit(1);
}
