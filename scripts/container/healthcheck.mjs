// The image's HEALTHCHECK (the image has no curl): exit 0 when GET /readyz on the server's own port answers
// 200, 1 otherwise. It asks the address the server listens on, or loopback when that is every address.
const host = process.env.HOST || '0.0.0.0';
const port = process.env.PORT || '8080';
const target = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;

try {
  const res = await fetch(`http://${target}:${port}/readyz`, { signal: AbortSignal.timeout(4000) });
  process.exit(res.status === 200 ? 0 : 1);
} catch {
  process.exit(1);
}
