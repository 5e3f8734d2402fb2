// A steady writer for the scenarios that read while the project takes writes: createPet POSTed to a server at
// a fixed rate (requests per second) over kept-alive connections, for as long as a measurement lasts.
import { Agent, request } from 'node:http';

/** Writes in flight at most: a writer that falls this far behind its rate waits instead of piling up. */
const MAX_IN_FLIGHT = 32;

/**
 * Starts POSTing `body` to `${base}/v1/pets` with `headers`, `rate` times a second, spaced evenly from now.
 * `stop()` ends it once the writes in flight are answered and returns what was done: writes sent, answered
 * 201, failed (any other status or an error; of them `shed`, 503 with Retry-After), and the seconds it ran.
 */
export function startWriter({ base, headers, body, rate }) {
  const agent = new Agent({ keepAlive: true, maxSockets: MAX_IN_FLIGHT });
  const url = new URL('/v1/pets', base);
  const started = performance.now();
  const counts = { sent: 0, created: 0, failed: 0, shed: 0 };
  const inFlight = new Set();
  let stopped = false;
  let timer = null;

  const post = () =>
    new Promise((resolve) => {
      const req = request(
        url,
        { method: 'POST', agent, headers: { ...headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } },
        (res) => {
          res.resume();
          res.on('end', () => {
            if (res.statusCode === 201) counts.created++;
            else {
              counts.failed++;
              if (res.statusCode === 503 && res.headers['retry-after'] !== undefined) counts.shed++;
            }
            resolve();
          });
        },
      );
      req.on('error', () => {
        counts.failed++;
        resolve();
      });
      req.end(body);
    });

  const tick = () => {
    if (stopped) return;
    // Every write due by now, as long as few enough are in flight; then sleep until the next is due.
    const due = Math.floor(((performance.now() - started) / 1000) * rate) + 1;
    while (counts.sent < due && inFlight.size < MAX_IN_FLIGHT) {
      counts.sent++;
      const p = post().finally(() => inFlight.delete(p));
      inFlight.add(p);
    }
    const next = started + (counts.sent / rate) * 1000;
    timer = setTimeout(tick, Math.max(0, next - performance.now()));
  };
  tick();

  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      const seconds = (performance.now() - started) / 1000;
      await Promise.all(inFlight);
      agent.destroy();
      return { ...counts, seconds, perSecond: counts.created / seconds };
    },
  };
}
