import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { User } from '../accounts/repository.js';
import type { Role } from '../accounts/roles.js';
import { AccountService } from '../accounts/service.js';
import { ABSOLUTE_TIMEOUT_MS, SignInThrottled, type SignedIn } from '../accounts/sign-in.js';
import { actorFor } from '../audit/request-actor.js';
import { DomainError, orThrow } from '../errors/domain-error.js';
import { ApiError } from '../http/errors/errors.js';
import { addressSubject } from '../limits/client-address.js';
import { actorOf, userOf } from './auth.js';
import { sessionCookie } from './cookies.js';
import { projectFor } from './project-routes.js';
import {
  AcceptedInvitationSchema,
  AcceptInvitationSchema,
  CreatedInvitationSchema,
  CurrentUserSchema,
  InvitationParams,
  InvitationSchema,
  jsonResponse,
  managementErrors,
  MemberListSchema,
  MemberParams,
  MemberRoleSchema,
  MemberSchema,
  NewInvitationSchema,
  SESSION_WRITE_SECURITY,
  SignUpSchema,
  SlugParams,
  WRITE_SECURITY,
} from './schemas.js';
import { overHttps, SESSION_OK, sessionBody } from './session-routes.js';

const RETRY_AFTER = {
  429: {
    'Retry-After': {
      description: 'Seconds until the email and address may try again.',
      schema: { type: 'integer', format: 'int32', minimum: 1 },
    },
  },
};

const throttledError = (t: SignInThrottled) =>
  new ApiError('rate_limited', 'Too many failed attempts. Retry after the time in Retry-After.', undefined, {
    'retry-after': String(t.retryAfterSeconds),
  });

/**
 * Runs a door that takes an email and a password (sign-up, accepting an
 * invitation by signing up) behind the sign-in throttle: a refusal counts as a
 * failed attempt for the email and the address, so guessing which emails have
 * accounts is as slow as guessing passwords.
 */
async function throttled<T>(
  app: FastifyInstance,
  request: FastifyRequest,
  email: string,
  attempt: () => Promise<T | DomainError>,
): Promise<T> {
  const address = addressSubject(request.ip);
  const refused = await app.sessions.throttle(email, address);
  if (refused) throw throttledError(refused);
  const result = await attempt();
  if (result instanceof DomainError) {
    if (result.code !== 'signup_closed') await app.sessions.recordFailure(email, address);
    throw result;
  }
  return result;
}

async function startSession(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply, user: User): Promise<SignedIn> {
  const signedIn = await app.sessions.start(user, 'password', request.ip);
  reply.header('set-cookie', sessionCookie(signedIn.token, overHttps(request), ABSOLUTE_TIMEOUT_MS / 1000));
  reply.header('cache-control', 'no-store');
  return signedIn;
}

/** The origin people reach the service at: BASE_URL's. */
/**
 * Where the invitation link points: the origin the inviter reached the service by (so it works as they
 * see it, whatever PORT or proxy is in between), on DASHBOARD_HOST when sessions are pinned there.
 */
const publicOrigin = (app: FastifyInstance, request: FastifyRequest) => {
  const port = /:\d+$/.exec(request.host)?.[0] ?? '';
  return `${request.protocol}://${app.config.dashboardHost ? app.config.dashboardHost + port : request.host}`;
};

/** The caller's role in the project `projectFor` found. */
function roleOf(request: FastifyRequest): Role {
  if (!request.projectRole) throw new Error('the project of this route was not found first');
  return request.projectRole;
}

/** POST /api/v1/users, members and invitations of a project, and accepting an invitation. */
export function peopleRoutes(app: FastifyInstance): void {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  r.post(
    '/api/v1/users',
    {
      config: { public: true, openapi: { responseHeaders: RETRY_AFTER } },
      schema: {
        operationId: 'signUp',
        summary: 'Sign up',
        description:
          'Creates an account and signs it in, as `POST /session` does (session cookie and CSRF token). Only when the service runs with `SIGNUP=open`; otherwise 403 `signup_closed` (with `SIGNUP=invite`, accept an invitation instead). Passwords need at least 12 characters and may not be common ones or contain the email (`weak_password`). A taken email answers 409 `user_exists`: every refusal counts as a failed sign-in for the email and the address, so after 10 within 15 minutes the answer is 429, as for sign-in.',
        tags: ['session'],
        'x-stability': 'beta',
        security: [],
        body: SignUpSchema,
        response: {
          201: SESSION_OK,
          ...managementErrors(
            'validation_failed',
            'malformed_json',
            'weak_password',
            'signup_closed',
            'user_exists',
            'rate_limited',
            'payload_too_large',
            'unsupported_media_type',
          ),
        },
      },
    },
    async (request, reply) => {
      const { email, password } = request.body;
      const user = await throttled(app, request, email, () => app.accounts.signUp(email, password, app.config.signup));
      const signedIn = await startSession(app, request, reply, user);
      reply.code(201);
      return sessionBody(signedIn);
    },
  );

  r.get(
    '/api/v1/user',
    {
      config: { public: true, session: true, secondFactorSetup: 'always' },
      schema: {
        operationId: 'getCurrentUser',
        summary: 'Who is acting',
        description:
          'The person a request acts for, with a session or an access token; with a token, also the token (what `petstore whoami` shows).',
        tags: ['session'],
        'x-stability': 'beta',
        response: {
          200: jsonResponse('The person, and the token when one was used.', CurrentUserSchema),
          ...managementErrors('not_signed_in', 'invalid_token'),
        },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const user = { email: actor.user.email, admin: actor.user.admin };
      if (actor.type === 'user') return { user, token: null };
      const t = actor.token;
      return { user, token: { id: t.id, scope: t.scope, projects: t.projects, expiresAt: new Date(t.expiresAt).toISOString() } };
    },
  );

  r.get(
    '/api/v1/projects/:slug/members',
    {
      config: { public: true, session: true },
      schema: {
        operationId: 'listMembers',
        summary: 'List members',
        description: "The project's members and their roles, owners first.",
        tags: ['members'],
        'x-stability': 'beta',
        params: SlugParams,
        response: {
          200: jsonResponse('The members.', MemberListSchema),
          ...managementErrors('validation_failed', 'not_signed_in', 'invalid_token', 'not_found'),
        },
      },
    },
    async (request) => {
      const project = await projectFor(app, request, request.params.slug);
      return (await app.accounts.members(project)).map((m) => ({ email: m.email, role: m.role, createdAt: m.createdAt.toISOString() }));
    },
  );

  r.delete(
    '/api/v1/projects/:slug/members/:email',
    {
      config: { public: true, session: true },
      schema: {
        operationId: 'removeMember',
        summary: 'Remove a member',
        description:
          'Removes a person from the project. Admins and owners; only an owner removes an owner (403 `insufficient_role`). The last owner cannot be removed (409 `last_owner`).',
        tags: ['members'],
        'x-stability': 'beta',
        security: WRITE_SECURITY,
        params: MemberParams,
        response: {
          204: { description: 'Removed.' },
          ...managementErrors(
            'validation_failed',
            'not_signed_in',
            'invalid_token',
            'csrf_failed',
            'insufficient_scope',
            'insufficient_role',
            'not_found',
            'last_owner',
          ),
        },
      },
    },
    async (request, reply) => {
      const project = await projectFor(app, request, request.params.slug);
      orThrow(await app.accounts.removeMemberAs(actorFor(request), roleOf(request), project, request.params.email));
      return reply.code(204).send();
    },
  );

  r.patch(
    '/api/v1/projects/:slug/members/:email',
    {
      config: { public: true, session: true },
      schema: {
        operationId: 'updateMember',
        summary: "Change a member's role",
        description:
          "Gives a member another role (docs/permissions.md). Admins and owners; only an owner makes an owner or changes an owner's role (403 `insufficient_role`). The last owner keeps the role (409 `last_owner`). Recorded as `member.role_change`.",
        tags: ['members'],
        'x-stability': 'beta',
        security: WRITE_SECURITY,
        params: MemberParams,
        body: MemberRoleSchema,
        response: {
          200: jsonResponse('The member, with the role now.', MemberSchema),
          ...managementErrors(
            'validation_failed',
            'malformed_json',
            'not_signed_in',
            'invalid_token',
            'csrf_failed',
            'insufficient_scope',
            'insufficient_role',
            'not_found',
            'last_owner',
            'payload_too_large',
            'unsupported_media_type',
          ),
        },
      },
    },
    async (request) => {
      const project = await projectFor(app, request, request.params.slug);
      const member = orThrow(
        await app.accounts.setRole(actorFor(request), roleOf(request), project, request.params.email, request.body.role),
      );
      return { email: member.email, role: member.role, createdAt: member.createdAt.toISOString() };
    },
  );

  r.post(
    '/api/v1/projects/:slug/invitations',
    {
      config: { public: true, session: true },
      schema: {
        operationId: 'createInvitation',
        summary: 'Invite a person',
        description:
          'Creates a one-time invitation link for an email, valid 7 days, to pass on (no mail is sent). Opening it lets that person join the project with `role` (`developer` by default), signing up first when `SIGNUP` is `open`, or `invite` and the invitation comes from an admin or an owner of a project an admin made (an invitation from the owner of a project a person made themselves only adds people who already have an account). Admins and owners; only an owner invites an owner (403 `insufficient_role`). At most 20 pending invitations per project (409 `invitation_limit`).',
        tags: ['members'],
        'x-stability': 'beta',
        security: WRITE_SECURITY,
        params: SlugParams,
        body: NewInvitationSchema,
        response: {
          201: jsonResponse('The invitation link.', CreatedInvitationSchema),
          ...managementErrors(
            'validation_failed',
            'malformed_json',
            'not_signed_in',
            'invalid_token',
            'csrf_failed',
            'insufficient_scope',
            'insufficient_role',
            'not_found',
            'invitation_limit',
            'payload_too_large',
            'unsupported_media_type',
          ),
        },
      },
    },
    async (request, reply) => {
      const project = await projectFor(app, request, request.params.slug);
      const invitation = orThrow(
        await app.accounts.invite(actorFor(request), userOf(request), roleOf(request), project, request.body.email, request.body.role),
      );
      reply.code(201).header('cache-control', 'no-store');
      return {
        email: invitation.email,
        role: invitation.role,
        url: `${publicOrigin(app, request)}/dashboard/invitations/${invitation.token}`,
        expiresAt: invitation.expiresAt.toISOString(),
      };
    },
  );

  r.get(
    '/api/v1/invitations/:invitation',
    {
      config: { public: true },
      schema: {
        operationId: 'getInvitation',
        summary: 'Read an invitation',
        description:
          'What an invitation link offers, for the page that accepts it. Unknown: 404; expired: 410 `invitation_expired`; used: 410 `invitation_used`.',
        tags: ['members'],
        'x-stability': 'beta',
        security: [],
        params: InvitationParams,
        response: {
          200: jsonResponse('The invitation.', InvitationSchema),
          ...managementErrors('validation_failed', 'not_found', 'invitation_expired', 'invitation_used'),
        },
      },
    },
    async (request, reply) => {
      const invitation = orThrow(await app.accounts.invitation(request.params.invitation));
      reply.header('cache-control', 'no-store');
      return {
        project: invitation.project,
        email: invitation.email,
        expiresAt: invitation.expiresAt.toISOString(),
        signupAllowed: AccountService.signupAllowed(invitation, app.config.signup),
      };
    },
  );

  r.post(
    '/api/v1/invitations/:invitation/accept',
    {
      config: { public: true, session: 'optional', openapi: { responseHeaders: RETRY_AFTER } },
      schema: {
        operationId: 'acceptInvitation',
        summary: 'Accept an invitation',
        description:
          "Signed in (session cookie and `X-CSRF-Token`, body `{}`): joins the project with the invitation's role; the session's email must be the invited one (403 `invitation_mismatch`). Not signed in, with `{password}`: creates the account of the invited email and signs it in (session cookie, and `user` and `csrfToken` in the answer) when `SIGNUP` is `open`, or `invite` and the invitation may create accounts (`signupAllowed` when read); else 403 `signup_closed`, whether the email has an account or not. Where sign-up is allowed, an email that already has an account is 409 `user_exists`: sign in, then accept. Unknown: 404; expired: 410 `invitation_expired`; used: 410 `invitation_used`.",
        tags: ['members'],
        'x-stability': 'beta',
        security: [{}, ...SESSION_WRITE_SECURITY],
        params: InvitationParams,
        body: AcceptInvitationSchema,
        response: {
          200: jsonResponse('The membership, and the new session when the account was created.', AcceptedInvitationSchema),
          ...managementErrors(
            'validation_failed',
            'malformed_json',
            'not_signed_in',
            'csrf_failed',
            'weak_password',
            'signup_closed',
            'user_exists',
            'invitation_mismatch',
            'not_found',
            'invitation_expired',
            'invitation_used',
            'rate_limited',
            'payload_too_large',
            'unsupported_media_type',
          ),
        },
      },
    },
    async (request, reply) => {
      const token = request.params.invitation;
      const actor = request.actor;
      let accepted: { project: string; role: Role; user?: User; csrfToken?: string };
      if (actor) {
        accepted = orThrow(await app.accounts.accept(token, actor.user, request.ip));
      } else {
        const password = request.body.password;
        if (password === undefined)
          throw new ApiError('not_signed_in', 'Sign in to accept, or send the password of the account to create.');
        const invited = orThrow(await app.accounts.invitation(token));
        const done = await throttled(app, request, invited.email, () =>
          app.accounts.acceptBySignUp(token, password, app.config.signup, request.ip),
        );
        const signedIn = await startSession(app, request, reply, done.user);
        accepted = { ...done, csrfToken: signedIn.csrfToken };
      }
      reply.header('cache-control', 'no-store');
      return {
        project: accepted.project,
        role: accepted.role,
        ...(accepted.user ? { user: { email: accepted.user.email, admin: accepted.user.admin } } : {}),
        ...(accepted.csrfToken ? { csrfToken: accepted.csrfToken } : {}),
      };
    },
  );
}
