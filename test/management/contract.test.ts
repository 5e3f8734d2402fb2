import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { publishedManagementDocument } from '../../src/published-contract.js';
import { MANAGEMENT_ONLY_CODES } from '../../src/http/errors/errors.js';
import { harness, type Harness } from '../helpers/harness.js';

type Doc = { servers: { url: string }[]; paths: Record<string, Record<string, { operationId: string; security?: unknown }>> };

describe('the management contract, /api/v1/openapi.json', () => {
  let h: Harness;
  before(async () => {
    h = await harness();
  });
  after(() => h.close());

  test('is served without a session, lists the management operations only, and the /v1 document does not list them', async () => {
    const res = await h.app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
    assert.equal(res.statusCode, 200);
    assert.match(String(res.headers['content-type']), /^application\/json/);
    const doc = res.json() as Doc;
    assert.equal(doc.servers[0]?.url, 'https://api.petstore.test/api/v1');
    const operations = Object.values(doc.paths).flatMap((ops) => Object.values(ops).map((op) => op.operationId));
    assert.deepEqual(operations.sort(), [
      'acceptInvitation',
      'addDomain',
      'addPasskey',
      'addRedirect',
      'confirmTotp',
      'copyPetsToStaging',
      'createAccessToken',
      'createApiKey',
      'createDeploy',
      'createInvitation',
      'createProject',
      'createWebhook',
      'deleteWebhook',
      'finishSingleSignOn',
      'getCurrentUser',
      'getDeploy',
      'getDeprecations',
      'getDomain',
      'getInvitation',
      'getProject',
      'getSession',
      'getTotp',
      'getUsage',
      'getWebhook',
      'getWebhookBudget',
      'getWebhookDelivery',
      'listAccessTokens',
      'listApiKeys',
      'listAuditEntries',
      'listDeploys',
      'listDomains',
      'listEvents',
      'listMembers',
      'listPasskeys',
      'listProjects',
      'listRedirects',
      'listRequests',
      'listSecurityLog',
      'listWebhookDeliveries',
      'listWebhooks',
      'passkeyRegistrationOptions',
      'passkeySignInOptions',
      'promoteDeploy',
      'removeDomain',
      'removeMember',
      'removePasskey',
      'removeRedirect',
      'renamePasskey',
      'renewRecoveryCodes',
      'resetStaging',
      'retryWebhookDelivery',
      'revokeAccessToken',
      'revokeApiKey',
      'rollApiKey',
      'setUpTotp',
      'signIn',
      'signInWithPasskey',
      'signOut',
      'signUp',
      'startSingleSignOn',
      'testWebhook',
      'turnOffTotp',
      'updateMember',
      'updateProject',
      'updateWebhook',
      'verifyDomain',
    ]);
    const v1 = JSON.stringify(h.app.openapi());
    for (const op of operations) assert.ok(!v1.includes(`"${op}"`), `${op} leaked into /v1/openapi.json`);
    for (const code of MANAGEMENT_ONLY_CODES) {
      assert.ok(res.body.includes(`"${code}"`), `${code} missing from the management Error schema`);
      assert.ok(!v1.includes(`"${code}"`), `${code} is not a /v1 code`);
    }
    // Every state-changing operation asks for the session cookie and the CSRF token, or an access token; those of
    // sessions, tokens and second factors take a session only; the sign-ins and sign-up take nothing; accepting an invitation, either.
    const sessionOnly = [
      'signOut',
      'createAccessToken',
      'setUpTotp',
      'confirmTotp',
      'turnOffTotp',
      'renewRecoveryCodes',
      'passkeyRegistrationOptions',
      'addPasskey',
      'renamePasskey',
      'removePasskey',
    ];
    for (const [path, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        if (method === 'get' || ['signIn', 'signUp', 'passkeySignInOptions', 'signInWithPasskey'].includes(op.operationId)) continue;
        const expected =
          op.operationId === 'acceptInvitation'
            ? [{}, { cookieAuth: [], csrfToken: [] }]
            : sessionOnly.includes(op.operationId)
              ? [{ cookieAuth: [], csrfToken: [] }]
              : [{ cookieAuth: [], csrfToken: [] }, { bearerAuth: [] }];
        assert.deepEqual(op.security, expected, `${method} ${path}`);
      }
    }
  });

  test('docs/management-openapi.json is the generated document (run `npm run openapi:write` after changing routes)', async () => {
    const committed = readFileSync(new URL('../../docs/management-openapi.json', import.meta.url), 'utf8');
    assert.equal(`${JSON.stringify(await publishedManagementDocument(), null, 2)}\n`, committed);
  });
});
