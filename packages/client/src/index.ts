export { createClient, type ClientOptions, type PetstoreClient, type RequestOptions } from './client.js';
export { PetstoreError, PetstoreNetworkError, PetstoreTimeoutError, PetstoreWrongEnvironmentError } from './errors.js';
export type { RateLimit, RetryEvent } from './transport.js';
export type { DeprecationInfo } from './deprecation.js';
export type {
  ErrorCode,
  ErrorDetail,
  Inventory,
  ListOrdersParams,
  ListPetsParams,
  NewOrder,
  NewPet,
  Order,
  OrderStatus,
  Pet,
  PetStatus,
} from './types.js';
export { verifyWebhook, WebhookVerificationError, WEBHOOK_TOLERANCE_SECONDS, type WebhookEvent, type WebhookHeaders } from './webhooks.js';
export {
  createManagementClient,
  type AddedDomain,
  type ApiKeyInfo,
  type Archive,
  type AuditEntry,
  type AuditQuery,
  type CreatedApiKey,
  type NewApiKey,
  type RolledApiKey,
  type LoggedRequest,
  type RequestQuery,
  type CreatedWebhook,
  type CurrentUser,
  type Deploy,
  type Domain,
  type DomainCheck,
  type EventQuery,
  type ManagementClient,
  type ManagementClientOptions,
  type NewWebhook,
  type Project,
  type ProjectEvent,
  type Redirect,
  type Usage,
  type Deprecations,
  type Webhook,
  type Environment,
  type StagingReset,
  type StagingCopy,
} from './management.js';
