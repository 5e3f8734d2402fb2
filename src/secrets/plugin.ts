import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { repositoryOf } from '../feature.js';
import { CursorCodec } from '../http/pagination/cursors.js';
import { checkSecretsKey } from './key-check.js';
import { Keyring } from './keyring.js';
import { openSecretRepository } from './repository.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Signs and checks the cursors of every listing (see http/pagination/cursors.ts). */
    cursors: CursorCodec;
  }
}

export default fp(
  async (app: FastifyInstance) => {
    const { secretsKey } = app.config;
    const secrets = repositoryOf(app, 'secrets', openSecretRepository);
    const now = new Date(app.clock.now());
    // Read once at start: checking a cursor later costs one HMAC and no storage read.
    const keyring = secretsKey === undefined ? null : Keyring.fromSecretsKey(secretsKey);
    if ((await checkSecretsKey(secrets, keyring, now)) === 'missing')
      app.log.warn(
        'SECRETS_KEY is not set, and this database was started with one: authenticator secrets and certificate private keys sealed under it cannot be opened until it is set again',
      );
    app.decorate('cursors', new CursorCodec((keyring ?? (await Keyring.generatedOnce(secrets, now))).key('cursors/v1')));
  },
  { name: 'secrets' },
);
