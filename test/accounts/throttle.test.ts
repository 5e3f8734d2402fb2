import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { openAttemptRepository } from '../../src/accounts/sessions-repository.js';
import { ATTEMPT_WINDOW_MS, AttemptThrottle, Throttled, type Reservation } from '../../src/accounts/throttle.js';
import { isCommonPassword } from '../../src/accounts/common-passwords.js';
import { describeEachEngine, freshDatabase, type FreshDatabase } from '../helpers/engines.js';
import { harness, manualClock, type Harness } from '../helpers/harness.js';
import { createPerson, ManagementClient } from '../helpers/management.js';

const email = (name: string) => `${name}-${randomBytes(4).toString('hex')}@example.test`;

describeEachEngine('the attempt throttle', () => {
  const clock = manualClock(Date.UTC(2026, 10, 24, 12, 0, 0));
  let h: Harness;
  let throttle: AttemptThrottle;
  before(async () => {
    h = await harness({ clock });
    throttle = new AttemptThrottle(openAttemptRepository(h.storage.database), clock);
  });
  after(() => h.close());

  test('200 concurrent attempts against a limit of 10: exactly 10 go through', async () => {
    const subject = `t:${randomBytes(4).toString('hex')}`;
    const results = await Promise.all(Array.from({ length: 200 }, () => throttle.attempt([{ subject, limit: 10 }])));
    assert.equal(results.filter((r) => !(r instanceof Throttled)).length, 10);
  });

  test('a window lasts 15 minutes from its first attempt; Retry-After counts down to its end', async () => {
    const subject = `t:${randomBytes(4).toString('hex')}`;
    for (let i = 0; i < 3; i++) assert.ok(!((await throttle.attempt([{ subject, limit: 3 }])) instanceof Throttled));
    clock.advance(60_000);
    const over = await throttle.attempt([{ subject, limit: 3 }]);
    assert.ok(over instanceof Throttled);
    assert.equal(over.retryAfterSeconds, (ATTEMPT_WINDOW_MS - 60_000) / 1000);
    clock.advance(ATTEMPT_WINDOW_MS - 60_000);
    assert.ok(!((await throttle.attempt([{ subject, limit: 3 }])) instanceof Throttled), 'a new window');
  });

  test('a success gives its reservation back; over a ceiling only a subject that has not failed may try', async () => {
    const account = `t:account:${randomBytes(4).toString('hex')}`;
    const limits = (address: string) => [
      { subject: `${account}|${address}`, limit: 2 },
      { subject: account, limit: 3, unlessFirstFor: `${account}|${address}` },
    ];
    for (const address of ['a', 'b', 'c']) assert.ok(!((await throttle.attempt(limits(address))) instanceof Throttled));
    assert.ok((await throttle.attempt(limits('a'))) instanceof Throttled, 'over the ceiling, from an address that failed');
    const fresh = await throttle.attempt(limits('d'));
    assert.ok(!(fresh instanceof Throttled), 'over the ceiling, from an address that has not failed');
    await (fresh as Reservation).succeeded();
    assert.ok(!((await throttle.attempt(limits('e'))) instanceof Throttled));
    clock.advance(ATTEMPT_WINDOW_MS);
  });
});

describeEachEngine('other doors use the sign-in throttle', () => {
  let h: Harness;
  before(async () => {
    h = await harness();
  });
  after(() => h.close());

  test('throttle() reserves an attempt: 200 at once for one email and address, at most 10 go through', async () => {
    const who = email('door');
    const results = await Promise.all(Array.from({ length: 200 }, () => h.app.sessions.throttle(who, '198.51.100.90')));
    // Several counters are reserved one after another, so a few attempts can be refused by one counter after taking
    // a place in another: at most 10 pass, never more.
    const passed = results.filter((r) => r === null).length;
    assert.ok(passed >= 1 && passed <= 10, String(passed));
  });
});

describeEachEngine(
  'sign-in throttle across two instances on one database',
  (engine) => {
    let db: FreshDatabase;
    let a: Harness;
    let b: Harness;
    before(async () => {
      db = await freshDatabase(engine.name, { onDisk: true });
      a = await harness({ config: { databaseUrl: db.url } });
      b = await harness({ config: { databaseUrl: db.url } });
    });
    after(async () => {
      await a.close();
      await b.close();
      await db.drop();
    });

    test('200 concurrent wrong passwords shared by two instances: at most 10 × 401, the rest 429', async (t) => {
      const me = await createPerson(a.app, email('two'));
      const ca = await ManagementClient.on(a.app);
      const cb = await ManagementClient.on(b.app);
      // A saturated machine may leave PostgreSQL's pool without a free connection within its fail-fast budget: that
      // sign-in is answered 503 service_unavailable having checked nothing, and is sent again, as a client would.
      let unavailable = 0;
      const signIn = async (i: number) => {
        for (;;) {
          const r = await (i % 2 === 0 ? ca : cb).signIn(me.email, `wrong-${String(i)}`, '198.51.100.70');
          if (r.statusCode !== 503 || unavailable >= 400) return r;
          unavailable++;
        }
      };
      const answers = await Promise.all(Array.from({ length: 200 }, (_, i) => signIn(i)));
      if (unavailable > 0) t.diagnostic(`503 sent again: ${String(unavailable)}`);
      const unauthorized = answers.filter((r) => r.statusCode === 401).length;
      const throttled = answers.filter((r) => r.statusCode === 429).length;
      assert.ok(unauthorized <= 10, `401 × ${String(unauthorized)}`);
      assert.equal(unauthorized + throttled, 200);
    });
  },
  { only: ['postgres'] },
);

test('the 10,000 most common passwords, and one character repeated, are refused; a user gets weak_password', async () => {
  for (const p of ['123456', 'password', 'Password', 'qwerty123', 'aaaaaaaaaaaa', '111111111111'])
    assert.equal(isCommonPassword(p), true, p);
  for (const p of ['correct horse battery staple', 'k3#Vq9!zLm2@pT']) assert.equal(isCommonPassword(p), false, p);
  const h = await harness();
  try {
    // Twelve characters or more (the length rule) and still among the most common.
    for (const password of ['aaaaaaaaaaaa', 'qwerty123456', '1qaz2wsx3edc']) {
      const result = await h.app.accounts.createUser(email('weak'), { password });
      assert.equal((result as { code?: string }).code, 'weak_password', password);
    }
    assert.equal((await h.app.accounts.createUser(email('strong'), { password: 'k3#Vq9!zLm2@pT' })).constructor.name, 'Object');
  } finally {
    await h.close();
  }
});
