import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { cleanup } from '../helpers/cleanup.js';
import { eventually as until } from '../helpers/domains.js';
import { harness, ok, type Harness } from '../helpers/harness.js';
import { pebbleAvailable, startPebble, type PebbleRig } from '../helpers/pebble.js';
import { freePort } from '../helpers/redis-server.js';
import { memberOf, receiver } from '../helpers/webhooks.js';
import { OPERATOR } from '../../src/audit/actor.js';

const available = pebbleAvailable();
const PLATFORM = 'edge.platform.test';

type Receiver = Awaited<ReturnType<typeof receiver>>;

/**
 * Every event type a real action causes today, delivered and verified by the
 * standardwebhooks package: pets, deploys, custom domains against
 * challtestsrv, certificates from Pebble (issued, and failed by CAA) and a key
 * banned after its 429s.
 */
describe('every event type is emitted by a real action and delivered', { skip: available === true ? false : available }, () => {
  let rig: PebbleRig;
  let h: Harness;
  let r: Receiver;
  let slug: string;
  let auth: { authorization: string };
  const started = cleanup();

  const typesReceived = () => r.received.map((x) => x.verified?.type as string);
  const waitForType = (type: string) => until(type, 30_000, async () => typesReceived().includes(type));
  const eventOf = (type: string) => r.received.find((x) => x.verified?.type === type)?.verified as { data: Record<string, unknown> };

  async function subscribe(project: string, events: string[]): Promise<void> {
    const c = await memberOf(h.app, project);
    const res = await c.call({ method: 'POST', url: `/api/v1/projects/${project}/webhooks`, payload: { url: r.url, events } });
    assert.equal(res.statusCode, 201, res.body);
    r.useSecret((res.json() as { secret: string }).secret);
  }

  before(async () => {
    const port = await freePort();
    rig = started.add(await startPebble({ httpPort: port }), (x) => x.stop());
    await rig.addA(PLATFORM, ['127.0.0.1']);
    r = started.add(await receiver(), (x) => x.close());
    h = started.add(
      await harness({
        config: {
          port,
          platformHost: PLATFORM,
          dnsServers: [rig.dnsServer],
          acmeDirectoryUrl: rig.directoryUrl,
          acmeCaFile: rig.caFile,
          acmeCaaIdentities: ['pebble.test'],
          secretsKey: 'a test secrets key, long enough',
          webhookAllowPrivate: true,
          webhookRetryDelays: [1, 1],
          banThreshold: 3,
        },
      }),
      (x) => x.close(),
    );
    await h.app.listen({ port, host: '127.0.0.1' });
    const p = await h.newProject('pro');
    slug = p.project;
    auth = p.auth;
  });
  after(() => started.run());

  test('pet.created, deploy.ready, deploy.failed, deploy.promoted', async () => {
    await subscribe(slug, ['*']);
    const created = await h.request({ method: 'POST', url: '/v1/pets', headers: auth, payload: { name: 'Rex', categoryId: 3 } });
    assert.equal(created.statusCode, 201);
    const first = ok(await h.app.deploys.deploy(OPERATOR, slug, { files: [{ path: 'index.html', bytes: Buffer.from('<h1>one</h1>') }] }));
    ok(await h.app.deploys.deploy(OPERATOR, slug, { files: [{ path: 'index.html', bytes: Buffer.from('<h1>two</h1>') }] }));
    const failed = ok(await h.app.deploys.deploy(OPERATOR, slug, { files: [{ path: 'about.html', bytes: Buffer.from('no index') }] }));
    assert.equal((failed as { status: string }).status, 'failed');
    ok(await h.app.deploys.promote(OPERATOR, slug, (first as { id: string }).id));
    for (const type of ['pet.created', 'deploy.ready', 'deploy.failed', 'deploy.promoted']) await waitForType(type);
    assert.equal(eventOf('pet.created').data.name, 'Rex');
    assert.equal(eventOf('deploy.failed').data.reason, 'missing_index');
    assert.equal(eventOf('deploy.promoted').data.id, (first as { id: string }).id);
    assert.equal(eventOf('deploy.promoted').data.live, true);
  });

  test('domain.verified (challtestsrv), certificate.issued (Pebble), domain.failed, domain.removed', async () => {
    const name = 'www.hooks-one.test';
    ok(await h.app.domains.add(OPERATOR, slug, name));
    await rig.setCname(name, PLATFORM);
    assert.equal(ok(await h.app.domains.verify(OPERATOR, name)).status, 'verified');
    await waitForType('domain.verified');
    await waitForType('certificate.issued');
    assert.equal(eventOf('certificate.issued').data.domain, name);

    const wrong = 'www.hooks-wrong.test';
    ok(await h.app.domains.add(OPERATOR, slug, wrong));
    await rig.setCname(wrong, 'elsewhere.example.test');
    assert.equal(ok(await h.app.domains.verify(OPERATOR, wrong)).status, 'failed');
    await waitForType('domain.failed');
    assert.equal(eventOf('domain.failed').data.domain, wrong);

    ok(await h.app.domains.remove(OPERATOR, wrong));
    await waitForType('domain.removed');
    assert.equal(eventOf('domain.removed').data.domain, wrong);
  });

  test('certificate.failed when CAA blocks the CA', async () => {
    const name = 'www.hooks-caa.test';
    await rig.addCaa('hooks-caa.test', [{ tag: 'issue', value: 'other-ca.example' }]);
    ok(await h.app.domains.add(OPERATOR, slug, name));
    await rig.setCname(name, PLATFORM);
    assert.equal(ok(await h.app.domains.verify(OPERATOR, name)).status, 'verified');
    await waitForType('certificate.failed');
    assert.equal(eventOf('certificate.failed').data.reason, 'caa_blocked');
  });

  test('api.deprecated_call when a key calls getPet (once that day)', async () => {
    const p = await h.newProject('pro');
    await subscribe(p.project, ['api.deprecated_call']);
    for (let i = 0; i < 3; i++) assert.equal((await h.app.inject({ method: 'GET', url: '/v1/pets/1', headers: p.auth })).statusCode, 404);
    await h.app.usage.recorder.flush();
    await waitForType('api.deprecated_call');
    const [key] = ok(await h.app.keys.list(p.project));
    assert.deepEqual(eventOf('api.deprecated_call').data, {
      keyId: key?.id,
      keyName: 'test',
      operation: 'getPet',
      sunset: '2030-12-05T00:00:00.000Z',
      successor: '/v1/pets',
      environment: 'production',
    });
  });

  test('key.banned after the key keeps sending past its 429s', async () => {
    const free = await h.newProject('free');
    await subscribe(free.project, ['key.banned']);
    let banned = false;
    for (let i = 0; i < 70 && !banned; i++) {
      const res = await h.app.inject({ method: 'GET', url: '/v1/pets', headers: free.auth });
      banned = res.statusCode === 429 && (res.json() as { code: string }).code === 'api_key_banned';
    }
    assert.ok(banned, 'the key was banned');
    await waitForType('key.banned');
    const [key] = ok(await h.app.keys.list(free.project));
    assert.equal(eventOf('key.banned').data.keyId, key?.id);
    // Every delivery verified with the standardwebhooks package.
    assert.ok(r.received.every((x) => x.verified !== null));
  });
});
