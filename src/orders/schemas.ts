import { Type, type Static } from '@sinclair/typebox';
import { Cursor, Int64, PAGE_MAX, PageLimit } from '../contract/primitives.js';

export const ORDER_STATUSES = ['placed', 'approved', 'delivered', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const OrderStatusSchema = Type.Unsafe<OrderStatus>({
  type: 'string',
  enum: [...ORDER_STATUSES],
  description:
    'placed → approved → delivered; placed or approved → cancelled. The animal is `pending` while its order is placed or approved, `sold` once delivered, `available` again once cancelled.',
});

/** The most animals one order may ask for. */
export const QUANTITY_MAX = 100;

export const OrderSchema = Type.Object(
  {
    id: Int64({ description: 'Order identifier, numbered per project (1, 2, 3, …).', examples: [1] }),
    petId: Int64({ description: 'The animal ordered.', examples: [1] }),
    quantity: Type.Integer({ format: 'int32', minimum: 1, examples: [1] }),
    status: OrderStatusSchema,
    complete: Type.Boolean({ description: '`true` once the order is delivered.' }),
    createdAt: Type.String({ format: 'date-time', examples: ['2026-11-24T12:00:00.000Z'] }),
  },
  { description: 'A store order. Beta: fields may be added before the order operations are stable.' },
);
export type Order = Static<typeof OrderSchema>;

export const OrdersSchema = Type.Array(OrderSchema, {
  maxItems: PAGE_MAX,
  description: 'A page of orders in ascending `id`; the next page is announced in the `Link` header.',
});

export const ListOrdersQuery = Type.Object(
  {
    limit: Type.Optional(PageLimit),
    status: Type.Optional(OrderStatusSchema),
    cursor: Type.Optional(Cursor),
  },
  { additionalProperties: false },
);
export type ListOrdersQuery = Static<typeof ListOrdersQuery>;

// The default is said in words, not with `default` (see NewPet's status).
export const NewOrderSchema = Type.Object(
  {
    petId: Int64({ description: 'The animal to order; it must be `available`.', examples: [1] }),
    quantity: Type.Optional(
      Type.Integer({
        format: 'int32',
        minimum: 1,
        maximum: QUANTITY_MAX,
        examples: [1],
        description: `How many (1–${String(QUANTITY_MAX)}). When omitted, 1.`,
      }),
    ),
  },
  { additionalProperties: false, description: 'The body of placeOrder. Unknown fields are rejected.' },
);
export type NewOrder = Static<typeof NewOrderSchema>;

/** The statuses PATCH can move an order to; cancelling is DELETE. */
export const ORDER_UPDATES = ['approved', 'delivered'] as const;
export type OrderUpdate = (typeof ORDER_UPDATES)[number];

export const OrderUpdateSchema = Type.Object(
  {
    status: Type.Unsafe<OrderUpdate>({
      type: 'string',
      enum: [...ORDER_UPDATES],
      examples: ['approved'],
      description: '`approved` (from `placed`) or `delivered` (from `approved`; the animal becomes `sold`). Cancel with DELETE.',
    }),
  },
  { additionalProperties: false, description: 'The body of updateOrder.' },
);
export type OrderUpdateBody = Static<typeof OrderUpdateSchema>;

export const OrderIdParams = Type.Object({
  orderId: Int64({ description: 'The order identifier.', examples: [1] }),
});
export type OrderIdParams = Static<typeof OrderIdParams>;

export const InventorySchema = Type.Object(
  {
    available: Int64({ description: 'How many animals are `available`.', examples: [12] }),
    pending: Int64({ description: 'How many animals are `pending`.', examples: [2] }),
    sold: Int64({ description: 'How many animals are `sold`.', examples: [5] }),
  },
  { description: "How many of the project's animals are in each status; the same counts as listPets with each `status` filter." },
);
export type Inventory = Static<typeof InventorySchema>;

/** No query parameters: an unknown one is a 400, as on every listing. */
export const NoQuery = Type.Object({}, { additionalProperties: false });
