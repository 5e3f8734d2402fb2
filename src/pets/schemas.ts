import { Type, type Static } from '@sinclair/typebox';
import { Cursor, Int64, PAGE_MAX, PageLimit, PetName } from '../contract/primitives.js';

export const PET_STATUSES = ['available', 'pending', 'sold'] as const;
export type PetStatus = (typeof PET_STATUSES)[number];

export const PetStatusSchema = Type.Unsafe<PetStatus>({
  type: 'string',
  enum: [...PET_STATUSES],
  description: 'Availability of the animal.',
});

const newPetProperties = {
  name: PetName,
  categoryId: Int64({ description: 'Identifier of the category the animal belongs to.', examples: [7] }),
  // The default is said in words, not with `default`: generators (openapi-typescript) make a field
  // with a schema default required in request types, and a create without `status` is valid.
  status: Type.Optional(
    Type.Unsafe<PetStatus>({
      allOf: [PetStatusSchema],
      description: 'Availability of the animal. When omitted, the animal is created `available`.',
    }),
  ),
};

export const NewPetSchema = Type.Object(newPetProperties, {
  additionalProperties: false,
  description: 'The body of createPet. Unknown fields, including `id`, are rejected.',
});
export type NewPet = Static<typeof NewPetSchema>;

export const PetSchema = Type.Object(
  {
    id: Int64({ description: 'Unique identifier assigned by the service on creation.', examples: [1] }),
    ...newPetProperties,
    status: PetStatusSchema,
  },
  { description: 'An animal of the store.' },
);
export type Pet = Static<typeof PetSchema>;

export const PetsSchema = Type.Array(PetSchema, {
  maxItems: PAGE_MAX,
  description: 'A page of animals in ascending `id`. The next page, if any, is announced in the `Link` header.',
});

export const ListPetsQuery = Type.Object(
  {
    limit: Type.Optional(PageLimit),
    status: Type.Optional(PetStatusSchema),
    cursor: Type.Optional(Cursor),
  },
  { additionalProperties: false },
);
export type ListPetsQuery = Static<typeof ListPetsQuery>;

export const PetIdParams = Type.Object({
  petId: Int64({ description: 'The animal identifier.', examples: [1] }),
});
export type PetIdParams = Static<typeof PetIdParams>;

export const IdempotencyHeaders = Type.Object({
  'idempotency-key': Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 255,
      pattern: '^[\\x20-\\x7E]+$',
      description:
        'Makes a retry safe: the same key and an equivalent body within 24 hours replays the first response with `Idempotent-Replayed: true`. 1–255 printable ASCII characters, scoped to the project.',
    }),
  ),
});
export type IdempotencyHeaders = Static<typeof IdempotencyHeaders>;
