export { createClient, type ClientOptions, type PetstoreClient, type RequestOptions } from './client.js';
export { PetstoreError, PetstoreNetworkError, PetstoreTimeoutError } from './errors.js';
export type { RateLimit, RetryEvent } from './transport.js';
export type { ErrorCode, ErrorDetail, ListOrdersParams, ListPetsParams, NewPet, Order, Pet, PetStatus } from './types.js';
export {
  createManagementClient,
  type AddedDomain,
  type ApiKeyInfo,
  type Archive,
  type AuditEntry,
  type AuditQuery,
  type CreatedApiKey,
  type CurrentUser,
  type Deploy,
  type Domain,
  type DomainCheck,
  type ManagementClient,
  type ManagementClientOptions,
  type Project,
  type Redirect,
  type Usage,
} from './management.js';
