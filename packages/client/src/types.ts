import type { components, operations } from './generated/openapi.js';

type Schemas = components['schemas'];

/** Replaces the contract's int64 fields (plain `number` in the generated types) with exact `bigint`s. */
type Exact<T, K extends keyof T> = Omit<T, K> & { [P in K]: bigint };

export type PetStatus = Schemas['PetStatus'];

/** An animal as the API returns it; `id` and `categoryId` are exact 64-bit integers. */
export type Pet = Exact<Schemas['Pet'], 'id' | 'categoryId'>;

/** The body of createPet. `categoryId` takes a `bigint`, or a `number` up to 2^53 − 1. */
export type NewPet = Omit<Schemas['NewPet'], 'categoryId'> & { categoryId: number | bigint };

/** A store order (beta in the contract); `id` and `petId` are exact 64-bit integers. */
export type Order = Exact<Schemas['Order'], 'id' | 'petId'>;

export type OrderStatus = Schemas['OrderStatus'];

/** The body of placeOrder. `petId` takes a `bigint`, or a `number` up to 2^53 − 1. */
export type NewOrder = Omit<Schemas['NewOrder'], 'petId'> & { petId: number | bigint };

/** How many of the project's pets are in each status, as exact 64-bit integers. */
export type Inventory = { [K in keyof Schemas['Inventory']]: bigint };

/** The closed set of error codes the API documents. */
export type ErrorCode = Schemas['Error']['code'];

export type ErrorDetail = Schemas['ErrorDetail'];

export type ListPetsParams = NonNullable<operations['listPets']['parameters']['query']>;

export type ListOrdersParams = NonNullable<operations['listOrders']['parameters']['query']>;

/** Fields of the contract's objects that are int64: parsed as `bigint`, never as a rounded `number`. */
export const INT64_FIELDS: ReadonlySet<string> = new Set(['id', 'categoryId', 'petId', 'available', 'pending', 'sold']);
