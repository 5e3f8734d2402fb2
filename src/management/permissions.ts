import { atLeast, insufficientRole, type Role } from '../accounts/roles.js';
import type { Project } from '../projects/repository.js';

/**
 * Who may call a management operation:
 * - `anyone`: no sign-in (signing in, signing up, reading an invitation);
 * - `person`: any signed-in person, about themselves or the projects they have (no project role);
 * - a role: a member of the project with at least that role. `production: true` marks a change to production:
 *   in a project whose production is protected, it needs `admin` there (staging keeps the role given).
 */
export type Rule = { who: 'anyone' | 'person' } | { who: Role; production?: true };

export interface Permission {
  rule: Rule;
  /** What the operation does, in the words of docs/permissions.md. */
  does: string;
  /** The CLI commands that run it (remotely; the operator's commands are not roles'). */
  cli?: readonly string[];
}

const anyone = (does: string, cli?: readonly string[]): Permission => ({ rule: { who: 'anyone' }, does, ...(cli ? { cli } : {}) });
const person = (does: string, cli?: readonly string[]): Permission => ({ rule: { who: 'person' }, does, ...(cli ? { cli } : {}) });
const read = (does: string, cli?: readonly string[]): Permission => ({ rule: { who: 'viewer' }, does, ...(cli ? { cli } : {}) });
const role = (who: Role, does: string, cli?: readonly string[]): Permission => ({ rule: { who }, does, ...(cli ? { cli } : {}) });
/** A change to production (or, with `environment`, to staging): a developer's unless production is protected. */
const production = (does: string, cli?: readonly string[]): Permission => ({
  rule: { who: 'developer', production: true },
  does,
  ...(cli ? { cli } : {}),
});

/**
 * The one permission table: every management operation (by operationId) and who may call it. A management route
 * without an entry stops the start (`permissionOf`); docs/permissions.md is written from it.
 */
export const PERMISSIONS = {
  // The signed-in person themselves.
  signIn: anyone('Sign in', ['login']),
  signInWithPasskey: anyone('Sign in with a passkey'),
  passkeySignInOptions: anyone('Start a passkey sign-in'),
  startSingleSignOn: anyone('Start single sign-on'),
  finishSingleSignOn: anyone('Finish single sign-on'),
  signUp: anyone('Sign up'),
  getInvitation: anyone('Read an invitation'),
  acceptInvitation: anyone('Accept an invitation (as the invited email)'),
  getSession: person('Read the session'),
  signOut: person('Sign out', ['logout']),
  getCurrentUser: person('Read who is signed in', ['whoami']),
  listAccessTokens: person('List own access tokens'),
  createAccessToken: person('Create an access token', ['login']),
  revokeAccessToken: person('Revoke an own access token', ['logout']),
  getTotp: person('Read own authenticator app'),
  setUpTotp: person('Set up an authenticator app'),
  confirmTotp: person('Confirm an authenticator app'),
  turnOffTotp: person('Turn off an authenticator app'),
  renewRecoveryCodes: person('Renew recovery codes'),
  listPasskeys: person('List own passkeys'),
  passkeyRegistrationOptions: person('Start adding a passkey'),
  addPasskey: person('Add a passkey'),
  renamePasskey: person('Rename a passkey'),
  removePasskey: person('Remove a passkey'),
  listSecurityLog: person('Read own security log'),
  listProjects: person('List own projects (with the role in each)', ['projects list']),
  createProject: person('Create a project (and own it)', ['projects create']),

  // A project, by role.
  getProject: read('Read the project, its plan and the caller’s role'),
  updateProject: role('admin', 'Change the project’s settings (protected production)', ['projects protect']),
  listMembers: read('List members and their roles', ['members list']),
  updateMember: role('admin', 'Change a member’s role (owners: only an owner)', ['members set-role']),
  removeMember: role('admin', 'Remove a member (owners: only an owner)', ['members remove']),
  createInvitation: role('admin', 'Invite a person with a role (an owner: only an owner)', ['invitations create']),
  listApiKeys: read('List API keys (never their secrets)', ['keys list']),
  createApiKey: production('Create an API key', ['keys create']),
  rollApiKey: production('Roll an API key', ['keys roll']),
  revokeApiKey: production('Revoke an API key', ['keys revoke']),
  listDeploys: read('List deploys', ['deploys list']),
  getDeploy: read('Read a deploy'),
  createDeploy: role('developer', 'Deploy the site (a developer’s deploy in a protected project is a preview)', ['deploy']),
  promoteDeploy: production('Make a deploy live (promote, roll back)', ['deploys promote']),
  listDomains: read('List custom domains', ['domains list']),
  getDomain: read('Read a custom domain'),
  addDomain: production('Add a custom domain', ['domains add']),
  verifyDomain: production('Verify a custom domain', ['domains verify']),
  removeDomain: production('Remove a custom domain', ['domains remove']),
  listRedirects: read('List domain redirects', ['redirects list']),
  addRedirect: production('Add a domain redirect', ['redirects add']),
  removeRedirect: production('Remove a domain redirect', ['redirects remove']),
  getUsage: read('Read usage', ['usage']),
  getDeprecations: read('Read deprecated calls', ['deprecations']),
  listRequests: read('Read the request log', ['requests']),
  listAuditEntries: read('Read the audit log', ['audit']),
  listEvents: read('List events', ['events list']),
  listWebhooks: read('List webhook endpoints (never their secrets)', ['webhooks list']),
  getWebhook: read('Read a webhook endpoint'),
  getWebhookBudget: read('Read the webhook delivery budget'),
  listWebhookDeliveries: read('List webhook deliveries'),
  getWebhookDelivery: read('Read a webhook delivery'),
  createWebhook: production('Add a webhook endpoint', ['webhooks add']),
  updateWebhook: production('Change a webhook endpoint'),
  deleteWebhook: production('Remove a webhook endpoint', ['webhooks remove']),
  testWebhook: production('Send a test event to an endpoint'),
  retryWebhookDelivery: production('Retry a webhook delivery'),
  resetStaging: role('developer', 'Reset staging', ['staging reset']),
  copyPetsToStaging: role('developer', 'Copy production’s pets to staging', ['staging copy-pets']),
} as const satisfies Record<string, Permission>;

export type Operation = keyof typeof PERMISSIONS;

const TABLE: Readonly<Record<string, Permission>> = PERMISSIONS;

/** The entry of an operation, or undefined when the table has none. */
export const permissionOf = (operationId: string | undefined): Permission | undefined =>
  operationId !== undefined && Object.hasOwn(TABLE, operationId) ? TABLE[operationId] : undefined;

/**
 * The role an operation needs in this project's environment: its rule's role, or `admin` for a change to a
 * protected production. Null for an operation that needs no project role.
 */
export function roleNeeded(permission: Permission, project: Pick<Project, 'environment' | 'productionProtected'>): Role | null {
  const rule = permission.rule;
  if (rule.who === 'anyone' || rule.who === 'person') return null;
  if ('production' in rule && project.environment === 'production' && project.productionProtected && !atLeast(rule.who, 'admin')) {
    return 'admin';
  }
  return rule.who;
}

/** Null when `role` may call the operation in this project's environment, else the refusal (403 `insufficient_role`). */
export function refusalFor(permission: Permission, project: Pick<Project, 'environment' | 'productionProtected'>, role: Role | null) {
  const needed = roleNeeded(permission, project);
  if (needed === null || (role !== null && atLeast(role, needed))) return null;
  const where = 'production' in permission.rule && needed !== permission.rule.who ? ' in protected production' : '';
  return insufficientRole(needed, role, `${lowerFirst(permission.does)}${where}`);
}

const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);
