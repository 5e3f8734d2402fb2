import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Counter, Gauge } from '../metrics/prometheus.js';
import { tracing } from '../telemetry/tracing.js';
import { appGround } from '../feature.js';
import { ApiLoad } from '../http/server/api-load.js';
import { composeWebhooks } from './compose.js';
import { openEventRepository } from './storage/repository.js';
import { webhookRoutes } from './routes.js';
import type { WebhookService } from './service.js';
import { DeliveryWorker, type Outcome } from './delivery/worker.js';
import { primaryChannel } from '../workers/channel.js';

declare module 'fastify' {
  interface FastifyInstance {
    webhooks: { service: WebhookService; worker: DeliveryWorker | null };
  }
}

const HOUR_MS = 60 * 60 * 1000;

export default fp(
  async (app: FastifyInstance) => {
    const ground = appGround(app);
    const repo = ground.repository('events', openEventRepository);
    const { config } = app;

    let count: ((outcome: Outcome) => void) | undefined;
    if (app.metricsRegistry) {
      const deliveries = new Counter({
        name: 'webhook_deliveries_total',
        help: 'Webhook delivery attempts made by this instance, by outcome (succeeded, retrying, failed, disabled).',
        labelNames: ['outcome'],
        registers: [app.metricsRegistry],
      });
      count = (outcome) => deliveries.inc({ outcome });
      new Gauge({
        name: 'webhook_oldest_due_delivery_age_seconds',
        help: 'How long the oldest webhook delivery that is due has been waiting (0 when none is).',
        registers: [app.metricsRegistry],
        async collect() {
          const now = app.clock.now();
          const oldest = await repo.oldestDue(new Date(now)).catch(() => null);
          this.set(oldest === null ? 0 : Math.max(0, (now - oldest.getTime()) / 1000));
        },
      });
    }

    // Deliveries yield to API requests while those saturate the event loop.
    const load = config.webhookWorker ? new ApiLoad(() => app.frontDoor.received) : null;
    const worker = load
      ? new DeliveryWorker(repo, app.clock, app.log, {
          retryDelays: config.webhookRetryDelays,
          allowPrivate: config.webhookAllowPrivate,
          onOutcome: count,
          apiSaturated: () => load.saturated(),
        })
      : null;
    // A worker (WORKERS > 1) wakes the primary's delivery worker.
    const primary = worker === null ? primaryChannel() : null;
    const service = composeWebhooks(
      ground,
      { allowPrivate: config.webhookAllowPrivate, wake: () => tracing().detached(() => (worker ?? primary)?.wake()) },
      repo,
    );
    app.decorate('webhooks', { service, worker });
    webhookRoutes(app, service);

    // Events are kept 30 days; older ones are removed hourly, with their deliveries (by one process of the server).
    const purge = app.background
      ? setInterval(() => {
          service.purgeExpired().catch((err: unknown) => app.log.warn({ err }, 'removing expired events failed'));
        }, HOUR_MS)
      : undefined;
    purge?.unref();
    app.addHook('onReady', async () => {
      load?.start();
      worker?.start();
    });
    app.addHook('preClose', async () => {
      worker?.stopClaiming();
    });
    app.addHook('onClose', async () => {
      clearInterval(purge);
      load?.stop();
      await worker?.close();
    });
  },
  { name: 'events', dependencies: ['management', 'secrets', 'audit'] },
);
