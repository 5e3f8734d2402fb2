import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Webhook } from 'standardwebhooks';
import { verifyWebhook, WebhookVerificationError } from '../src/index.js';

const secret = `whsec_${Buffer.from('a secret of twenty-four!').toString('base64')}`;
const other = `whsec_${Buffer.from('another secret, 24 bytes').toString('base64')}`;
const body =
  '{"id":"evt_1","type":"pet.created","createdAt":"2026-01-01T00:00:00.000Z","project":"p","data":{"id":9223372036854775807,"name":"Rex","categoryId":12,"status":"available"}}';

function signed(withSecret: string, at = new Date()) {
  const signature = new Webhook(withSecret).sign('evt_1', at, body);
  return { 'webhook-id': 'evt_1', 'webhook-timestamp': String(Math.floor(at.getTime() / 1000)), 'webhook-signature': signature };
}

test('verifyWebhook accepts what the standardwebhooks package signs, with int64 as bigint', async () => {
  const event = await verifyWebhook(secret, signed(secret), body);
  assert.equal(event.type, 'pet.created');
  assert.equal(event.data.id, 9223372036854775807n);
  assert.equal(event.data.categoryId, 12n);
  // Headers objects and bytes work too.
  const again = await verifyWebhook(secret, new Headers(signed(secret)), new TextEncoder().encode(body));
  assert.equal(again.id, 'evt_1');
});

test('verifyWebhook accepts any of several signatures (secret rotation)', async () => {
  const h = signed(secret);
  const rotated = { ...h, 'webhook-signature': `${signed(other)['webhook-signature']} ${h['webhook-signature']}` };
  assert.equal((await verifyWebhook(secret, rotated, body)).id, 'evt_1');
  assert.equal((await verifyWebhook(other, rotated, body)).id, 'evt_1');
});

test('verifyWebhook rejects a tampered body, a stale or future timestamp, a wrong secret, missing headers', async () => {
  await assert.rejects(verifyWebhook(secret, signed(secret), body.replace('Rex', 'Max')), WebhookVerificationError);
  await assert.rejects(verifyWebhook(secret, signed(secret, new Date(Date.now() - 6 * 60_000)), body), /5 minutes/);
  await assert.rejects(verifyWebhook(secret, signed(secret, new Date(Date.now() + 6 * 60_000)), body), /5 minutes/);
  await assert.rejects(verifyWebhook(other, signed(secret), body), /no signature matches/);
  await assert.rejects(verifyWebhook(secret, { 'webhook-id': 'evt_1' }, body), /missing/);
  const h = signed(secret);
  await assert.rejects(verifyWebhook(secret, { ...h, 'webhook-signature': 'v2,abc v1,!!!' }, body), /no signature matches/);
  // Within the tolerance it verifies: 4 minutes old.
  assert.equal((await verifyWebhook(secret, signed(secret, new Date(Date.now() - 4 * 60_000)), body)).id, 'evt_1');
});
