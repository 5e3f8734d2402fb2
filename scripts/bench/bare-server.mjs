// The ceiling the service is compared with: node:http answering every request
// with the same fixed bytes (the service's own first page of 20 pets), or
// node:https doing the same with a given certificate (the custom-domain scenarios).
// With BARE_HEADERS (a JSON file of name, value, name, value…), those headers instead: what sending a service's
// header fields costs node:http, without anything that makes them.
// Usage: node bare-server.mjs BODY_FILE [CONTENT_TYPE [CERT_FILE KEY_FILE]]  — prints "listening PORT" when ready.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';

const [bodyFile = '', contentType = 'application/json; charset=utf-8', certFile, keyFile] = process.argv.slice(2);
const body = readFileSync(bodyFile);
const headers = process.env.BARE_HEADERS
  ? JSON.parse(readFileSync(process.env.BARE_HEADERS, 'utf8'))
  : { 'content-type': contentType, 'content-length': String(body.length) };

const answer = (_req, res) => {
  res.writeHead(200, headers);
  res.end(body);
};
const server = certFile
  ? createHttpsServer({ cert: readFileSync(certFile), key: readFileSync(keyFile ?? ''), minVersion: 'TLSv1.2' }, answer)
  : createServer(answer);
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  process.stdout.write(`listening ${String(typeof address === 'object' && address ? address.port : 0)}\n`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
