import assert from 'node:assert/strict';
import { test } from 'node:test';
import { OPERATOR } from '../../src/audit/actor.js';
import { installTracing, noTracing } from '../../src/telemetry/tracing.js';
import { eventually, readyDeploys } from '../helpers/domains.js';
import { harness, ok } from '../helpers/harness.js';
import { pebbleAvailable, startPebble } from '../helpers/pebble.js';
import { RecordingTracing } from '../helpers/recording-tracing.js';
import { freePort } from '../helpers/redis-server.js';

const available = pebbleAvailable();
const PLATFORM = 'edge.platform.test';

test(
  'a certificate order attempt is a span of its own, with its domain and outcome, failed when the order fails',
  { skip: available === true ? false : available },
  async () => {
    const tracing = new RecordingTracing();
    installTracing(tracing);
    const rig = await startPebble({ httpPort: 1 });
    const closedPort = await freePort();
    const deploys = readyDeploys();
    const h = await harness({
      config: {
        platformHost: PLATFORM,
        dnsServers: [rig.dnsServer],
        acmeDirectoryUrl: `https://127.0.0.1:${String(closedPort)}/dir`,
        acmeCaaIdentities: ['pebble.test'],
      },
      wrapRepositories: { readyDeploys: () => deploys },
    });
    try {
      const { project } = await h.newProject('business');
      deploys.ready.add(ok(await h.app.projects.find(project)).id);
      const name = 'www.spans-no-ca.test';
      ok(await h.app.domains.add(OPERATOR, project, name));
      await rig.setCname(name, PLATFORM);
      // Verified inside a span: the order still starts a trace of its own.
      await tracing.inSpan('POST verify', { kind: 'server' }, async () => ok(await h.app.domains.verify(OPERATOR, name)));
      const order = await eventually('the order span', 15_000, async () =>
        tracing.named('acme order').find((s) => s.ended && s.attributes['petstore.domain'] === name),
      );
      assert.equal(order.parentId, null);
      assert.equal(order.attributes['petstore.acme.outcome'], 'ca_unreachable');
      assert.equal(order.attributes['petstore.acme.renewal'], false);
      assert.equal(order.attributes['petstore.acme.attempt'], 1);
      assert.ok(order.failed, 'marked failed');
      // The order's own statements are its children.
      const statements = tracing.spans.filter(
        (s) => s.attributes['db.system'] !== undefined && s.kind === 'client' && tracing.descends(s, order),
      );
      assert.ok(statements.length > 0, 'its statements nest under it');
    } finally {
      await h.close();
      await rig.stop();
      installTracing(noTracing);
    }
  },
);
