import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { COMMON_ERROR_CODES, errorResponses, WRITE_ERROR_CODES, jsonResponse } from '../contract/error-schema.js';
import { DomainError } from '../errors/domain-error.js';
import { environmentOf } from '../http/pipeline/environments.js';
import { principalOf } from '../keys/auth-hook.js';
import type { CursorCodec } from '../http/pagination/cursors.js';
import { positionOf } from '../http/pagination/pagination.js';
import { JSON_UTF8, nextPageLink, petListing } from './answers.js';
import { GET_PET_DEPRECATION } from './deprecation.js';
import type { PetService } from './service.js';
import { CHANGES_PETS } from './writes.js';
import { IdempotencyHeaders, ListPetsQuery, NewPetSchema, PetIdParams, PetSchema, PetsSchema } from './schemas.js';

export { GET_PET_DEPRECATION };

const str = (description: string) => ({ description, schema: { type: 'string' } });

export const petRoutes: FastifyPluginAsyncTypebox<{ pets: PetService; cursors: CursorCodec }> = async (app, { pets, cursors }) => {
  app.get(
    '/v1/pets',
    {
      schema: {
        operationId: 'listPets',
        summary: 'List animals',
        description:
          'Lists the animals of the caller\'s project in ascending `id`, optionally filtered by `status`. When more animals follow, the response has a `Link: <…>; rel="next"` header whose URL (keeping `limit` and `status`) fetches the next page. A page costs the same at any depth.',
        tags: ['animals'],
        'x-stability': 'stable',
        querystring: ListPetsQuery,
        response: {
          200: jsonResponse('A page of animals.', PetsSchema),
          ...errorResponses('validation_failed', 'invalid_cursor', ...COMMON_ERROR_CODES),
        },
      },
      config: { openapi: { responseHeaders: { 200: { Link: str('`<…>; rel="next"` when another page follows (RFC 8288).') } } } },
    },
    async (request, reply) => {
      const { projectId } = principalOf(request);
      const { limit = 20, status, cursor } = request.query;
      const listing = petListing(cursors, projectId, status);
      const after = positionOf(listing, cursor);
      const page = await pets.listJson(projectId, { limit, after, status });
      const link = nextPageLink(page, listing, limit, status, app.environments.apiPath(environmentOf(request.raw)));
      if (link !== null) reply.header('link', link);
      return reply.type(JSON_UTF8).send(page.json);
    },
  );

  app.post(
    '/v1/pets',
    {
      schema: {
        operationId: 'createPet',
        summary: 'Add an animal',
        description:
          "Adds an animal to the caller's project. `status` defaults to `available`. A 201 is sent only once the animal is durably stored. Send an `Idempotency-Key` to retry safely.",
        tags: ['animals'],
        'x-stability': 'stable',
        headers: IdempotencyHeaders,
        body: NewPetSchema,
        response: {
          201: jsonResponse('The created animal, with its assigned `id`.', PetSchema),
          ...errorResponses(
            'malformed_json',
            'validation_failed',
            'idempotency_key_in_use',
            'payload_too_large',
            'unsupported_media_type',
            'idempotency_key_reused',
            ...WRITE_ERROR_CODES,
          ),
        },
      },
      config: {
        ...CHANGES_PETS,
        openapi: {
          responseHeaders: {
            201: {
              Location: str('The URL of the created animal.'),
              'Idempotent-Replayed': str('`true` when this response replays an earlier request with the same `Idempotency-Key`.'),
            },
          },
        },
      },
    },
    async (request, reply) => {
      const { projectId } = principalOf(request);
      const result = await pets.create(projectId, request.body, request.headers['idempotency-key']);
      if (result instanceof DomainError) throw result;
      if (result.kind === 'replayed') reply.header('idempotent-replayed', 'true');
      reply.header('location', `${app.environments.apiPath(environmentOf(request.raw))}/pets/${result.pet.id.toString()}`);
      return reply.code(201).send(result.pet);
    },
  );

  app.get(
    '/v1/pets/:petId',
    {
      schema: {
        operationId: 'getPet',
        summary: 'Get an animal (deprecated)',
        description: `Deprecated: removed on ${GET_PET_DEPRECATION.sunset.toUTCString()}, after which it answers 410 \`gone\`. Use \`GET /pets\` with the \`status\` filter instead. Every response carries \`Deprecation\`, \`Sunset\` and \`Link: </v1/pets>; rel="successor-version"\`. An id of another project answers 404.`,
        tags: ['animals'],
        deprecated: true,
        'x-stability': 'stable',
        params: PetIdParams,
        response: {
          200: jsonResponse('The animal.', PetSchema),
          ...errorResponses('validation_failed', 'not_found', 'gone', ...COMMON_ERROR_CODES),
        },
      },
      config: {
        deprecation: GET_PET_DEPRECATION,
        openapi: {
          responseHeaders: {
            200: {
              Deprecation: str('RFC 9745 deprecation date, e.g. `@1793491200`.'),
              Sunset: str('RFC 8594: `Thu, 05 Dec 2030 00:00:00 GMT`.'),
              Link: str('`</v1/pets>; rel="successor-version"`.'),
            },
          },
        },
      },
    },
    async (request, reply) => {
      const { projectId } = principalOf(request);
      const pet = await pets.getJson(projectId, request.params.petId);
      if (pet instanceof DomainError) throw pet;
      return reply.type(JSON_UTF8).send(pet);
    },
  );
};
