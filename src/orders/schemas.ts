import { Type, type Static } from '@sinclair/typebox';
import { Cursor, Int64, PAGE_MAX, PageLimit } from '../contract/primitives.js';

export const ORDER_STATUSES = ['placed', 'approved', 'delivered'] as const;

export const OrderSchema = Type.Object(
  {
    id: Int64({ description: 'Order identifier.' }),
    petId: Int64({ description: 'The animal ordered.' }),
    quantity: Type.Integer({ format: 'int32', minimum: 1 }),
    status: Type.Unsafe<(typeof ORDER_STATUSES)[number]>({ type: 'string', enum: [...ORDER_STATUSES] }),
    complete: Type.Boolean(),
    createdAt: Type.String({ format: 'date-time' }),
  },
  { description: 'A store order. Experimental: fields may change before the operation is stable.' },
);
export type Order = Static<typeof OrderSchema>;

export const OrdersSchema = Type.Array(OrderSchema, {
  maxItems: PAGE_MAX,
  description: 'A page of orders in ascending `id`; the next page is announced in the `Link` header.',
});

export const ListOrdersQuery = Type.Object(
  { limit: Type.Optional(PageLimit), cursor: Type.Optional(Cursor) },
  { additionalProperties: false },
);
export type ListOrdersQuery = Static<typeof ListOrdersQuery>;
