// The ceiling the service is compared with: node:http answering every request
// with the same fixed bytes (the service's own first page of 20 pets).
// Usage: node bare-server.mjs BODY_FILE [CONTENT_TYPE]  — prints "listening PORT" when ready.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

const body = readFileSync(process.argv[2] ?? '');
const headers = { 'content-type': process.argv[3] ?? 'application/json; charset=utf-8', 'content-length': String(body.length) };

const server = createServer((_req, res) => {
  res.writeHead(200, headers);
  res.end(body);
});
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  process.stdout.write(`listening ${String(typeof address === 'object' && address ? address.port : 0)}\n`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
