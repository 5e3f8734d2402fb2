import cluster, { type Worker } from 'node:cluster';
import type * as Prom from 'prom-client';
import { createRequire } from 'node:module';

// prom-client's cluster module alone (see prometheus.ts: its index is never loaded).
const AggregatorRegistry = createRequire(import.meta.url)('prom-client/lib/cluster') as typeof Prom.AggregatorRegistry;

/** prom-client's own messages: the primary asks a worker for its registries' metrics as JSON. */
const GET_METRICS_REQ = 'prom-client:getMetricsReq';
const GET_METRICS_RES = 'prom-client:getMetricsRes';
/** A worker asks the primary for the whole server's metrics; the primary answers with the text. */
const ASK = 'petstore:serverMetrics';
const ANSWER = 'petstore:serverMetricsText';
/** How long a scrape waits for every process's metrics. */
const WAIT_MS = 2000;

/** One registry's metrics as `getMetricsAsJSON` gives them. */
type MetricsJson = Awaited<ReturnType<Prom.Registry['getMetricsAsJSON']>>;

/**
 * /metrics with WORKERS > 1: whichever worker takes the scrape answers for the whole server. It asks the primary,
 * which gathers every worker's series (prom-client's cluster messages) and its own (webhook deliveries run there),
 * and sums them as prom-client's AggregatorRegistry does (counters and histograms summed, the event loop's lag
 * averaged, `nodejs_version_info` and `petstore_build_info` once). Resolves with the text, or rejects when a process
 * did not answer within 2 s.
 */
export function workerScrape(registry: Prom.Registry): () => Promise<string> {
  AggregatorRegistry.setRegistries([registry]);
  // Its constructor adds the listener that answers the primary's requests for this worker's metrics.
  new AggregatorRegistry();
  let nextId = 1;
  const waiting = new Map<number, { resolve: (text: string) => void; reject: (err: Error) => void }>();
  process.on('message', (message: { type?: string; id?: number; text?: string; error?: string }) => {
    if (message.type !== ANSWER || message.id === undefined) return;
    const pending = waiting.get(message.id);
    waiting.delete(message.id);
    if (message.text !== undefined) pending?.resolve(message.text);
    else pending?.reject(new Error(message.error ?? 'no metrics'));
  });
  return () =>
    new Promise<string>((resolve, reject) => {
      const id = nextId++;
      const timer = setTimeout(() => {
        waiting.delete(id);
        reject(new Error('the primary did not answer'));
      }, WAIT_MS + 500);
      waiting.set(id, {
        resolve: (text) => {
          clearTimeout(timer);
          resolve(text);
        },
        reject: (err) => {
          clearTimeout(timer);
          reject(err);
        },
      });
      process.send?.({ type: ASK, id });
    });
}

/** The primary's side of workerScrape: answers a worker's request with the whole server's metrics. */
export function serveWorkersScrapes(registry: Prom.Registry): void {
  let nextRequest = 1;
  const gathering = new Map<number, { waiting: Set<number>; got: MetricsJson[]; done: () => void }>();
  cluster.on('message', (worker: Worker, message: { type?: string; id?: number; requestId?: number; metrics?: MetricsJson[] }) => {
    if (message.type === GET_METRICS_RES && message.requestId !== undefined) {
      const g = gathering.get(message.requestId);
      if (!g) return;
      g.got.push(...(message.metrics ?? []));
      g.waiting.delete(worker.id);
      if (g.waiting.size === 0) g.done();
    } else if (message.type === ASK && message.id !== undefined) {
      const id = message.id;
      const answer = (reply: { text: string } | { error: string }) => {
        if (worker.isConnected()) worker.send({ type: ANSWER, id, ...reply });
      };
      const requestId = nextRequest++;
      const workers = Object.values(cluster.workers ?? {}).filter((w): w is Worker => w !== undefined && w.isConnected());
      const got: MetricsJson[] = [];
      const timer = setTimeout(() => {
        gathering.delete(requestId);
        answer({ error: 'a worker did not send its metrics in time' });
      }, WAIT_MS);
      const done = () => {
        clearTimeout(timer);
        gathering.delete(requestId);
        registry
          .getMetricsAsJSON()
          .then((own) => AggregatorRegistry.aggregate([...got, own]).metrics())
          .then(
            (text) => answer({ text }),
            (err: unknown) => answer({ error: String(err) }),
          );
      };
      gathering.set(requestId, { waiting: new Set(workers.map((w) => w.id)), got, done });
      for (const w of workers) w.send({ type: GET_METRICS_REQ, requestId });
      if (workers.length === 0) done();
    }
  });
}
