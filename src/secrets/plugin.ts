import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { repositoryOf } from '../feature.js';
import { CursorCodec } from '../http/pagination/cursors.js';
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
    // Read once at start: checking a cursor later costs one HMAC and no storage read.
    const keyring =
      secretsKey === undefined
        ? await Keyring.generatedOnce(repositoryOf(app, 'secrets', openSecretRepository), new Date(app.clock.now()))
        : Keyring.fromSecretsKey(secretsKey);
    app.decorate('cursors', new CursorCodec(keyring.key('cursors/v1')));
  },
  { name: 'secrets' },
);
