import { main } from '../../../src/cli/remote-main.js';

await main(process.argv.slice(2));
