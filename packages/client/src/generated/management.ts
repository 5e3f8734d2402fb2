// Generated from docs/management-openapi.json by openapi-typescript. Do not edit: run `npm run generate -w @petstore/client`.

export interface paths {
    "/session": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The current session
         * @description Who is signed in, and the CSRF token of the session; 401 without a live session.
         */
        get: operations["getSession"];
        put?: never;
        /**
         * Sign in
         * @description Checks the email and password (and, for a person with an authenticator app, its `code`: without one the answer is 401 `second_factor_required`, with a wrong or used one 401 `invalid_code`, which counts as a failed sign-in) and starts a session: the answer sets an HttpOnly, SameSite=Lax session cookie, `petstore_session` over HTTP and `__Host-petstore_session` (Secure, host-only) over HTTPS; a request carrying more than one session cookie is not signed in. With DASHBOARD_HOST set, sessions exist on that host only (404 elsewhere) and carries the CSRF token. An unknown email and a wrong password get the same answer. Each attempt is counted before the password is checked, on every instance: after 10 failed sign-ins for one email from one address, 100 from one address, or 100 for one email from all addresses (then only an address that has not failed for it may try) within 15 minutes, sign-in answers 429 with `Retry-After`. Sessions end after 12 hours without use and 30 days after sign-in.
         */
        post: operations["signIn"];
        /**
         * Sign out
         * @description Ends the session on every instance and clears the cookie.
         */
        delete: operations["signOut"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/me/totp": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The authenticator app
         * @description Whether sign-in asks for a code of an authenticator app, since when, and how many recovery codes are left.
         */
        get: operations["getTotp"];
        put?: never;
        /**
         * Set up an authenticator app
         * @description Makes a new secret for an authenticator app (RFC 6238: 30-second steps, 6 digits, SHA-1), with its `otpauth://` URL and that URL as a QR code. Nothing changes at sign-in until the app is confirmed with its first code (`POST /me/totp/confirm`); asking again replaces a secret not confirmed yet. With SECRETS_KEY set, the secret is stored encrypted. 409 `totp_already_enabled` when one is on.
         */
        post: operations["setUpTotp"];
        /**
         * Turn the authenticator app off
         * @description Turns the authenticator app off and deletes its recovery codes, given a current code of the app (or a recovery code). With REQUIRE_SECOND_FACTOR, refused with 409 `last_second_factor` while it is the only second factor (add a passkey first).
         */
        delete: operations["turnOffTotp"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/me/totp/confirm": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Turn the authenticator app on
         * @description Checks the first code of the app being set up and turns it on: from now on sign-in asks for a code. The answer carries ten recovery codes, this once (only their hashes are stored); each signs in once in place of a code. A wrong code is 400 `validation_failed`; 10 wrong codes in 15 minutes are 429.
         */
        post: operations["confirmTotp"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/me/totp/recovery-codes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Renew the recovery codes
         * @description Ten new recovery codes in place of the old ones (which stop working), given a current code of the app (or a recovery code). Shown this once.
         */
        post: operations["renewRecoveryCodes"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/me/passkeys/options": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Start registering a passkey
         * @description Registration options for the browser's `navigator.credentials.create()`: a discoverable credential that verifies its user, for the relying party id DASHBOARD_HOST (else this request's host). Its challenge is good for 5 minutes, once.
         */
        post: operations["passkeyRegistrationOptions"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/me/passkeys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List passkeys
         * @description The signed-in person's passkeys, oldest first.
         */
        get: operations["listPasskeys"];
        put?: never;
        /**
         * Register a passkey
         * @description Registers the passkey the browser made from the registration options (its answer checked against the challenge, the origin and the relying party id) under a name. A passkey then signs in alone (`POST /session/passkey`). At most 20 per person.
         */
        post: operations["addPasskey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/me/passkeys/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Remove a passkey
         * @description Removes one of the person’s passkeys: it no longer signs in. With REQUIRE_SECOND_FACTOR, refused with 409 `last_second_factor` when it is their only second factor.
         */
        delete: operations["removePasskey"];
        options?: never;
        head?: never;
        /**
         * Rename a passkey
         * @description Gives one of the person’s passkeys a new name.
         */
        patch: operations["renamePasskey"];
        trace?: never;
    };
    "/session/passkey/options": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Start signing in with a passkey
         * @description Authentication options for the browser's `navigator.credentials.get()`: any passkey of this service (discoverable, the user verified). Its challenge is good for 5 minutes, once. 300 per client address in 15 minutes.
         */
        post: operations["passkeySignInOptions"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/session/passkey": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sign in with a passkey
         * @description Checks the passkey’s answer to a challenge of `POST /session/passkey/options` and starts a session, as `POST /session` does (the cookie and the CSRF token): a passkey is a whole sign-in, no password and no code. 401 `invalid_passkey` when it is not registered here or the challenge is unknown, used or expired; 100 failures from one address in 15 minutes are 429.
         */
        post: operations["signInWithPasskey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/session/oidc": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Sign in with the identity provider
         * @description Single sign-on (OpenID Connect, authorization code with PKCE): sends a browser (a request that accepts `text/html`) to the identity provider of OIDC_ISSUER with 303, with a new `state` and `nonce`, and a short cookie (10 minutes, this path only) tying the sign-on to it; any other client gets the address as `{url}` (200) with the same cookie. The provider sends the browser back to `/session/oidc/callback`, which is the redirect URI to register with it (on this origin). 404 when OIDC_ISSUER is not set; a browser whose sign-on cannot start goes to `/dashboard/sign-in?error=CODE`.
         */
        get: operations["startSingleSignOn"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/session/oidc/callback": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Come back from the identity provider
         * @description Where the identity provider sends the browser back. Checks the answer against the sign-on this browser started (its cookie): the `state`, then the code exchanged with the PKCE verifier, and the ID token's signature, issuer, audience and `nonce`. The person is the account whose email the provider says it verified (`email_verified`); without one, an account is made when SIGNUP is `open` or the email's domain is one of OIDC_ALLOWED_DOMAINS, and refused otherwise (`signup_closed`). Success starts a session (as `POST /session`) and sends a browser to the page it started from (303); any other client gets the session's body (200). A refusal sends a browser to `/dashboard/sign-in?error=CODE` (`sso_failed`, `email_not_verified`, `signup_closed`), and answers anything else with the Error body.
         */
        get: operations["finishSingleSignOn"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/projects": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List projects
         * @description The projects the signed-in person may manage (an admin: all of them), oldest first; with an access token limited to some projects, only those.
         */
        get: operations["listProjects"];
        put?: never;
        /**
         * Create a project
         * @description Creates a project on the Free plan whose creator is its owner. A person owns at most `MAX_PROJECTS_PER_USER` projects (10 by default; admins are not limited): 403 `project_limit`. Slugs are DNS labels and may not contain `--`, which is reserved for preview addresses: 400 `invalid_slug`. An access token limited to a list of projects cannot create projects (403 `insufficient_scope`). Plans are changed by the operator.
         */
        post: operations["createProject"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/projects/{slug}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a project
         * @description A project's plan, quotas, live deploy and site address. Another project's is 404.
         */
        get: operations["getProject"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Change a project's settings
         * @description Changes the settings given; those left out stay. `productionProtected: true` protects production: then only admins and owners change its keys, domains, webhooks and live deploy, and a developer's deploy is a preview. Admins and owners (403 `insufficient_role`). A change of protection is recorded as `project.protection_change`.
         */
        patch: operations["updateProject"];
        trace?: never;
    };
    "/projects/{slug}/keys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List API keys
         * @description The project's keys of one environment (`?environment=`, production by default), revoked ones included, never with their secrets. A rolled key names the key that replaced it (`replacedBy`) and stops at its `expiresAt`; its successor names it (`replaces`).
         */
        get: operations["listApiKeys"];
        put?: never;
        /**
         * Create an API key
         * @description Creates a key for the project, in one of its environments (`environment`, production by default; a staging key begins `psk_test_` and is refused with 401 `wrong_environment` at the production base URL, and the reverse). The answer carries the secret, this once; it is stored only as a hash. A `read` key may call GET and HEAD operations only; `expiresInDays` makes it expire by itself.
         */
        post: operations["createApiKey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/projects/{slug}/keys/{keyId}/roll": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Roll an API key
         * @description Creates a key with the same name, scope and expiry rule to replace this one (a key that expires gives the new one the same lifetime, counted from the roll), and makes this one expire after an overlap (`expiresInHours`, 24 by default, 0 to 168), so clients can move to the new key without downtime. The new key is of the same environment. The answer carries the new secret, this once. A key is rolled once: rolling it again, during its overlap or after, is 409 `key_already_rolled` (of several rolls at once, exactly one succeeds). A key of another project, a revoked or an expired key is 404.
         */
        post: operations["rollApiKey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/projects/{slug}/keys/{keyId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Revoke an API key
         * @description Revokes the key (of either environment): every running server refuses it within 5 seconds. A key of another project is 404.
         */
        delete: operations["revokeApiKey"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/users": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sign up
         * @description Creates an account and signs it in, as `POST /session` does (session cookie and CSRF token). Only when the service runs with `SIGNUP=open`; otherwise 403 `signup_closed` (with `SIGNUP=invite`, accept an invitation instead). Passwords need at least 12 characters and may not be common ones or contain the email (`weak_password`). A taken email answers 409 `user_exists`: every refusal counts as a failed sign-in for the email and the address, so after 10 within 15 minutes the answer is 429, as for sign-in.
         */
        post: operations["signUp"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/user": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Who is acting
         * @description The person a request acts for, with a session or an access token; with a token, also the token (what `petstore whoami` shows).
         */
        get: operations["getCurrentUser"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/projects/{slug}/members": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List members
         * @description The project's members and their roles, owners first.
         */
        get: operations["listMembers"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/projects/{slug}/members/{email}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Remove a member
         * @description Removes a person from the project. Admins and owners; only an owner removes an owner (403 `insufficient_role`). The last owner cannot be removed (409 `last_owner`).
         */
        delete: operations["removeMember"];
        options?: never;
        head?: never;
        /**
         * Change a member's role
         * @description Gives a member another role (docs/permissions.md). Admins and owners; only an owner makes an owner or changes an owner's role (403 `insufficient_role`). The last owner keeps the role (409 `last_owner`). Recorded as `member.role_change`.
         */
        patch: operations["updateMember"];
        trace?: never;
    };
    "/projects/{slug}/invitations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Invite a person
         * @description Creates a one-time invitation link for an email, valid 7 days, to pass on (no mail is sent). Opening it lets that person join the project with `role` (`developer` by default), signing up first when `SIGNUP` is `open`, or `invite` and the invitation comes from an admin or an owner of a project an admin made (an invitation from the owner of a project a person made themselves only adds people who already have an account). Admins and owners; only an owner invites an owner (403 `insufficient_role`). At most 20 pending invitations per project (409 `invitation_limit`).
         */
        post: operations["createInvitation"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/invitations/{invitation}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read an invitation
         * @description What an invitation link offers, for the page that accepts it. Unknown: 404; expired: 410 `invitation_expired`; used: 410 `invitation_used`.
         */
        get: operations["getInvitation"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/invitations/{invitation}/accept": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Accept an invitation
         * @description Signed in (session cookie and `X-CSRF-Token`, body `{}`): joins the project with the invitation's role; the session's email must be the invited one (403 `invitation_mismatch`). Not signed in, with `{password}`: creates the account of the invited email and signs it in (session cookie, and `user` and `csrfToken` in the answer) when `SIGNUP` is `open`, or `invite` and the invitation may create accounts (`signupAllowed` when read); else 403 `signup_closed`, whether the email has an account or not. Where sign-up is allowed, an email that already has an account is 409 `user_exists`: sign in, then accept. Unknown: 404; expired: 410 `invitation_expired`; used: 410 `invitation_used`.
         */
        post: operations["acceptInvitation"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/tokens": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List access tokens
         * @description The signed-in person's tokens, revoked and expired ones included, never with their secrets.
         */
        get: operations["listAccessTokens"];
        put?: never;
        /**
         * Create an access token
         * @description Creates a personal access token for scripts and the CLI. The answer carries the secret `pst_…`, this once; it is stored only as a hash. Needs a session: an access token cannot create tokens.
         */
        post: operations["createAccessToken"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/tokens/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Revoke an access token
         * @description Revokes one of the person's tokens: every running server refuses it within 5 seconds. With an access token, only that token itself can be revoked (sign-out of the CLI); others answer 404.
         */
        delete: operations["revokeAccessToken"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/projects/{slug}/audit": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the audit log
         * @description The project's changes of the last 90 days, newest first: who (a person, an access token, or the operator's CLI), what, on what, when and from which address. More pages are announced in the `Link` header.
         */
        get: operations["listAuditEntries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/me/security-log": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Your sign-ins and second factors
         * @description The signed-in person's own log of the last 90 days, newest first: every sign-in and how it was made (password, with a code or a recovery code, a passkey, single sign-on), authenticator apps and passkeys added and removed, recovery codes used and renewed, and the operator's resets. More pages are announced in the `Link` header.
         */
        get: operations["listSecurityLog"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/projects/{slug}/deploys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List deploys
         * @description The project's deploys, newest first, failed ones with their reasons, the live one marked.
         */
        get: operations["listDeploys"];
        put?: never;
        /**
         * Deploy the site
         * @description Uploads the site as a `.tar.gz` archive (files and folders only, `index.html` at the root, at most 10,000 files and DEPLOY_MAX_BYTES unpacked). A valid deploy is stored and goes live at once (201), except a developer's in a project whose production is protected: it is a preview (`live: false`, served at its `previewUrl`) for an admin to promote. An invalid one is kept in the history as failed with its reason and answers 422 `deploy_failed`; what the site serves does not change. A refused upload is answered before the rest of it is read, and the connection is then closed. The whole upload must arrive within the server's request timeout (REQUEST_TIMEOUT_MS, 30 s by default). Each instance reads 2 uploads at once; another one is answered 429 `too_many_uploads` with `Retry-After`. A deploy that would take the project over its plan's storage quota (Free 100 MB, Pro 1 GB, Business 10 GB, Enterprise 100 GB) is answered 413 `storage_quota_exceeded` and nothing is stored. The live deploy, the newest 20 ready ones and any younger than 30 days are kept; older ones are deleted.
         */
        post: operations["createDeploy"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/projects/{slug}/deploys/{deployId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a deploy
         * @description One deploy of the project, with its state.
         */
        get: operations["getDeploy"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/projects/{slug}/deploys/{deployId}/promote": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Make a deploy live (rollback)
         * @description Makes an earlier ready deploy live again, atomically: every request is served wholly from the old deploy or wholly from this one. A failed deploy cannot go live (400).
         */
        post: operations["promoteDeploy"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/projects/{slug}/domains": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List custom domains
         * @description The project's custom domains with their DNS state (what each name resolves to now), the records to create, the certificate state and, when a certificate is late, diagnostics.
         */
        get: operations["listDomains"];
        put?: never;
        /**
         * Add a custom domain
         * @description Adds a domain to the project and answers the DNS records to create (a CNAME to PLATFORM_HOST for a subdomain; ALIAS/ANAME or A records for an apex). The project needs the Pro plan or above (403 `plan_required`) and a ready deploy (409 `deploy_required`). Then create the records and verify. Adding an apex (or its `www.` name) answers `suggestedPair`: the other name, offered with a redirect to this one; add it with `redirectTo` to get the domain and the redirect entry in one request.
         */
        post: operations["addDomain"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/projects/{slug}/domains/{domain}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a custom domain
         * @description One domain of the project, as the list shows it.
         */
        get: operations["getDomain"];
        put?: never;
        post?: never;
        /**
         * Remove a custom domain
         * @description Stops serving the domain at once on this server and within a second on every other (open connections included), drops its certificate, cancels a pending order, and removes redirects from or to it.
         */
        delete: operations["removeDomain"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/projects/{slug}/domains/{domain}/verify": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Verify (or re-verify) a custom domain
         * @description Checks the DNS records now, through DNS_SERVERS, and answers the outcome with what the name resolves to. On a verified domain whose certificate failed or is late this is Re-verify: a new certificate attempt starts at once, without removing anything. A DNS failure is a state of the domain (`dns_error`), never an error answer.
         */
        post: operations["verifyDomain"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/projects/{slug}/redirects": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List redirects
         * @description The project's redirect entries.
         */
        get: operations["listRedirects"];
        put?: never;
        /**
         * Add a redirect
         * @description Requests to `from`, over HTTP and HTTPS, answer 301 to `https://<to>` with the same path and query. Both must be custom domains of the project; an entry that would make a loop is refused (400 `invalid_redirect`).
         */
        post: operations["addRedirect"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/projects/{slug}/redirects/{from}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Remove a redirect
         * @description Removes the entry; the domain serves the site again.
         */
        delete: operations["removeRedirect"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/projects/{slug}/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List events
         * @description The events of the project in one environment (`environment`, production by default) of the last 30 days, newest first, optionally of one `type`. When more follow, the `Link: <…>; rel="next"` header fetches the next page.
         */
        get: operations["listEvents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/projects/{slug}/webhooks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List webhook endpoints
         * @description The project's webhook endpoints of one environment (`environment`, production by default), without their secrets.
         */
        get: operations["listWebhooks"];
        put?: never;
        /**
         * Add a webhook endpoint
         * @description Adds an endpoint that receives the project's events of the given types, signed as Standard Webhooks do (`webhook-id`, `webhook-timestamp`, `webhook-signature`). The answer holds the signing secret, shown this once. A URL that is not `https://`, or whose host is a loopback, private or link-local address, is refused (400) unless the server runs with WEBHOOK_ALLOW_PRIVATE=true; names are checked again at each delivery, on the address connected to. A project has at most as many endpoints as its plan allows (Free 2, Pro 10, Business 25, Enterprise 50): 409 `webhook_limit`.
         */
        post: operations["createWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/projects/{slug}/webhook-budget": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get today's webhook budget
         * @description The delivery attempts the project may make today (UTC), made and left. Every attempt counts: first tries, retries, test events and manual retries. Once none is left, a delivery that comes due is not sent: its attempt is recorded as `budget_exhausted` and the delivery is `failed` (retry it after `resetsAt`). Free 2,000 a day, Pro 100,000, Business 2,500,000, Enterprise its requests per day times 50.
         */
        get: operations["getWebhookBudget"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/projects/{slug}/webhooks/{webhookId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a webhook endpoint
         * @description One endpoint of the project, without its secret.
         */
        get: operations["getWebhook"];
        put?: never;
        post?: never;
        /**
         * Remove a webhook endpoint
         * @description Removes the endpoint with its deliveries; nothing more is sent to it.
         */
        delete: operations["deleteWebhook"];
        options?: never;
        head?: never;
        /**
         * Change a webhook endpoint
         * @description Changes the URL or the event types, or enables (after a 410, say) or pauses the endpoint. Deliveries of a paused endpoint wait until it is enabled again.
         */
        patch: operations["updateWebhook"];
        trace?: never;
    };
    "/projects/{slug}/webhooks/{webhookId}/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a test event
         * @description Queues a `ping` event for this endpoint alone; its attempt appears in the deliveries within a second or so.
         */
        post: operations["testWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/projects/{slug}/webhooks/{webhookId}/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List delivery attempts
         * @description The endpoint's latest 100 delivery attempts, newest first, with the event's type, the delivery's state now, the receiver's status, the duration and, for a failure, why. `GET …/deliveries/{id}` shows one with its payload and the receiver's answers.
         */
        get: operations["listWebhookDeliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/projects/{slug}/deliveries/{deliveryId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a delivery
         * @description One event sent to one endpoint: its state, the event as delivered (the request body) and its latest 20 attempts, newest first, each with the start of the receiver's answer (4096 bytes at most).
         */
        get: operations["getWebhookDelivery"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/projects/{slug}/deliveries/{deliveryId}/retry": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a delivery again
         * @description Makes the delivery due now, whatever its state: it is sent again (with the same event id) within a second or so, counted against the project's webhook budget for the day (once that is spent, the attempt is recorded as `budget_exhausted` and not sent).
         */
        post: operations["retryWebhookDelivery"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/projects/{slug}/usage": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get usage
         * @description The project's API requests per minute for the last hour and per day for the last 30 days in one environment (`environment`, production by default), beside its quota; with `by=key`, also each key's requests today and in the last 30 days.
         */
        get: operations["getUsage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/projects/{slug}/deprecations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get deprecated operations and their callers
         * @description Every deprecated operation of the `/v1` contract (`deprecated: true`), with its sunset and successor as its headers give them, and the project's keys that called it in the last 30 days in one environment (`environment`, production by default), with exact counts and the last call. A key that stopped calling drops out 30 days after its last call.
         */
        get: operations["getDeprecations"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/projects/{slug}/requests": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Search the request log
         * @description The project's `/v1` requests in one environment (`environment`, production by default; `path` is the path as routed, `/v1/…` in both) of the last `REQUEST_LOG_DAYS` days (7 by default; at most the newest 100,000), newest first: find one by its `X-Request-Id`, or filter by status class or code, key and operation. A request appears within 2 seconds. Headers, bodies and cursor values are never logged. More pages are announced in the `Link` header.
         */
        get: operations["listRequests"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/projects/{slug}/staging/reset": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Reset the staging environment
         * @description Empties the project's staging environment in one transaction: its pets (the next is number 1 again), orders, idempotency keys, events and webhook deliveries, usage counts and request log. Its keys and webhook endpoints stay, and so do its quota counts of the current windows. Production is not touched. Recorded in the audit log (`staging.reset`).
         */
        post: operations["resetStaging"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/projects/{slug}/staging/copy-pets": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Copy production's pets into staging
         * @description Copies every pet of production into the staging environment with the same ids, names, categories and statuses, and numbers staging's next pet after them. Orders are not copied, so a pet pending because of an open order (placed or approved) is copied `available`; one created `pending` stays so. Only into an empty staging (no pets, no orders): otherwise 409 `staging_not_empty` and nothing is copied (reset it first: `POST …/staging/reset`). No events are sent for the copies. Recorded in the audit log (`staging.copy_pets`).
         */
        post: operations["copyPetsToStaging"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        /** @description A project with its plan, quotas, live deploy, site address and the caller's role. */
        Project: {
            /** @description The project (one pet store) and its site name. */
            slug: string;
            /** @enum {string} */
            plan: "free" | "pro" | "business" | "enterprise";
            quota: components["schemas"]["Quota"];
            /** @description The deploy served on the site; null before the first. */
            liveDeploy: {
                /** @description The deploy id. */
                id: string;
                /**
                 * Format: int64
                 * @description The deploy's number in the project (#1, #2…), as the deploy list gives it.
                 */
                number: number;
                /**
                 * Format: date-time
                 * @description When the deploy was uploaded.
                 */
                createdAt: string;
            } | null;
            /**
             * Format: uri
             * @description Where the project site is served: `http://<slug>.<PLATFORM_HOST>/`, with `:PORT` unless PORT is 80.
             */
            url: string;
            /**
             * Format: date-time
             * @description When the project was created.
             */
            createdAt: string;
            role: components["schemas"]["Role"];
            /** @description When true, only admins and owners change production (keys, domains, webhooks, promotion); a developer deploys previews. */
            productionProtected: boolean;
        };
        /** @description The project's quota, from its plan. */
        Quota: {
            /**
             * Format: int64
             * @description Requests per minute (fixed UTC minutes).
             */
            perMinute: number;
            /**
             * Format: int64
             * @description Requests per day (fixed UTC days).
             */
            perDay: number;
        };
        /** @description An API key of the project, without its secret. */
        ApiKey: {
            /** @description The public key id (not the secret). */
            id: string;
            /** @description The slug of the project the key belongs to. */
            project: string;
            environment: components["schemas"]["Environment"];
            /** @description A label given at creation. */
            name: string | null;
            /** @description What the key may do: `read` calls GET and HEAD operations only (anything else is 403 `insufficient_scope`); `write` calls every operation. */
            scope: "read" | "write";
            /** @description The first characters of the secret, to recognise it. */
            hint: string;
            /**
             * Format: date-time
             * @description When the key was created.
             */
            createdAt: string;
            /** @description After this instant the key is refused like an unknown one (401); null: it never expires. A rolled key expires at the end of its overlap. */
            expiresAt: string | null;
            lastUsedAt: string | null;
            revokedAt: string | null;
            /** @description Set while the key is banned for sending requests while rate limited (`petstore keys unban` lifts it); null otherwise. */
            bannedUntil: string | null;
            /** @description Set once the key was rolled: the key that replaced it. The rolled key keeps working until its `expiresAt` (the end of the overlap), and cannot be rolled again. Null: never rolled. */
            replacedBy: {
                /** @description The key that replaced this one. */
                id: string;
                /** @description The first characters of its secret. */
                hint: string;
                /**
                 * Format: date-time
                 * @description When this key was rolled.
                 */
                rolledAt: string;
            } | null;
            /** @description Set on a key made by a roll: the key it replaced. Null for a key created as new. */
            replaces: {
                /** @description The key this one replaced. */
                id: string;
                /** @description The first characters of its secret. */
                hint: string;
            } | null;
        };
        /** @description A new API key, with its secret. */
        CreatedApiKey: {
            /** @description The public key id. */
            id: string;
            /** @description The secret, shown this once: store it now. Send it as `Authorization: Bearer <key>`. */
            key: string;
            /** @description The slug of the project the key belongs to. */
            project: string;
            environment: components["schemas"]["Environment"];
            /** @description The label. */
            name: string | null;
            /** @description What the key may do: `read` calls GET and HEAD operations only (anything else is 403 `insufficient_scope`); `write` calls every operation. */
            scope: "read" | "write";
            /** @description The first characters of the secret. */
            hint: string;
            /**
             * Format: date-time
             * @description When the key was created.
             */
            createdAt: string;
            /** @description Null: it never expires. */
            expiresAt: string | null;
        };
        /** @description The signed-in person and the CSRF token of their session. */
        Session: {
            user: components["schemas"]["User"];
            /** @description Send it as the `X-CSRF-Token` header on every request that changes state (POST, PUT, PATCH, DELETE). */
            csrfToken: string;
        };
        /** @description A person who signs in. */
        User: {
            /** @description The email the person signs in with, in lowercase. */
            email: string;
            /** @description Admins see and manage every project; others only those they are members of. */
            admin: boolean;
        };
        /** @description The body of every error response. */
        Error: {
            /** @description Machine-readable error code, one of a closed, documented set. */
            code: "bad_request" | "malformed_json" | "validation_failed" | "invalid_cursor" | "unauthorized" | "wrong_environment" | "weak_password" | "invalid_slug" | "invalid_domain" | "invalid_redirect" | "plan_required" | "invalid_credentials" | "second_factor_required" | "invalid_code" | "invalid_passkey" | "sso_failed" | "invalid_token" | "signup_closed" | "project_limit" | "forbidden" | "insufficient_role" | "insufficient_scope" | "second_factor_setup_required" | "email_not_verified" | "invitation_mismatch" | "not_signed_in" | "csrf_failed" | "not_found" | "pet_not_found" | "method_not_allowed" | "request_timeout" | "idempotency_key_in_use" | "pet_not_available" | "invalid_transition" | "project_exists" | "staging_not_empty" | "deploy_required" | "domain_taken" | "domain_limit" | "user_exists" | "invitation_limit" | "token_limit" | "webhook_limit" | "last_owner" | "last_second_factor" | "totp_already_enabled" | "key_already_rolled" | "gone" | "storage_quota_exceeded" | "invitation_expired" | "invitation_used" | "precondition_failed" | "payload_too_large" | "unsupported_media_type" | "expectation_failed" | "idempotency_key_reused" | "deploy_failed" | "misdirected_request" | "too_many_uploads" | "rate_limited" | "api_key_banned" | "request_header_fields_too_large" | "internal_error" | "service_unavailable";
            /** @description Human-readable description. */
            message: string;
            /**
             * Format: int32
             * @description The HTTP status code.
             */
            status: number;
            /** @description For validation errors: one entry per offending field, at most 10 (the message says how many more there were). */
            details?: components["schemas"]["ErrorDetail"][];
        };
        ErrorDetail: {
            in: "body" | "query" | "path" | "header";
            /** @description The offending field; empty when the whole body is meant. */
            field: string;
            message: string;
        };
        /** @description One of the project's two environments: `production` (the API at BASE_URL) or `staging` (at STAGING_BASE_URL), each with its own keys, pets, orders, events, webhooks, usage, quota counts and request log. */
        Environment: "production" | "staging";
        /** @description A role in a project, from most to least (docs/permissions.md): `owner` (everything, owners included), `admin` (members and invitations other than owners, production, settings), `developer` (staging, previews, reading production; production too while it is not protected), `viewer` (reads, never a secret). */
        Role: "owner" | "admin" | "developer" | "viewer";
        /** @description The person's authenticator app (TOTP). */
        TotpStatus: {
            /** @description Whether sign-in asks for a code of an authenticator app. */
            enabled: boolean;
            /** @description Null while it is off. */
            confirmedAt: string | null;
            /**
             * Format: int32
             * @description Recovery codes not used yet.
             */
            recoveryCodesLeft: number;
        };
        /** @description An authenticator app to set up: confirm it with its first code. */
        TotpSetup: {
            /** @description The shared secret (base32), for typing into the app by hand. */
            secret: string;
            /** @description The `otpauth://totp/…` URL (RFC 6238: 30 s, 6 digits, SHA-1) that authenticator apps read from a QR code. */
            otpauthUrl: string;
            /** @description That URL as a QR code: an SVG image as a `data:image/svg+xml;base64,…` URL. */
            qrCode: string;
        };
        /** @description New recovery codes. */
        RecoveryCodes: {
            /** @description Ten recovery codes, shown this once (only their hashes are stored): each signs in once in place of an authenticator code. */
            recoveryCodes: string[];
        };
        /** @description A passkey of the person. */
        Passkey: {
            /** @description The passkey id (`pk_…`). */
            id: string;
            /** @description The name the person gave it. */
            name: string;
            /** @description Synced to the person's other devices by their password manager or platform. */
            backedUp: boolean;
            /**
             * Format: date-time
             * @description When it was registered.
             */
            createdAt: string;
            lastUsedAt: string | null;
        };
        /** @description An entry of the person's own log. */
        SecurityEntry: {
            /** @description The entry id. */
            id: string;
            /**
             * Format: date-time
             * @description When.
             */
            at: string;
            /** @description The person, or the operator (`petstore users reset-second-factor`). */
            actor: {
                type: "user" | "token" | "operator";
                email?: string;
                tokenId?: string;
            };
            /** @description `session.create` (a sign-in; the target says how: `password`, `password+totp`, `password+recovery_code`, `passkey`, `oidc`), `totp.enable`, `totp.disable`, `recovery_codes.generate`, `recovery_code.use`, `passkey.add`, `passkey.rename`, `passkey.remove`, `second_factor.reset` (by the operator). */
            action: "session.create" | "totp.enable" | "totp.disable" | "recovery_codes.generate" | "recovery_code.use" | "passkey.add" | "passkey.rename" | "passkey.remove" | "second_factor.reset";
            /** @description How the person signed in, or which factor changed. */
            target: string;
            /** @description The client's address. */
            ip?: string;
        };
        /** @description A personal access token, without its secret. */
        AccessToken: {
            /** @description The token id (not the secret). */
            id: string;
            /** @description The label. */
            name: string;
            /** @description `read`: GET requests only; `write`: every operation. */
            scope: "read" | "write";
            /** @description The projects the token may act on; null: every project of its person. */
            projects: string[] | null;
            /** @description The first characters of the secret, to recognise it. */
            hint: string;
            /**
             * Format: date-time
             * @description When the token was created.
             */
            createdAt: string;
            /**
             * Format: date-time
             * @description When the token stops working.
             */
            expiresAt: string;
            lastUsedAt: string | null;
            revokedAt: string | null;
        };
        /** @description A new access token, with its secret. */
        CreatedAccessToken: {
            /** @description The token id. */
            id: string;
            /** @description The label. */
            name: string;
            /** @description The secret `pst_…`, shown this once: store it now. Send it as `Authorization: Bearer <token>`. */
            token: string;
            /** @description `read`: GET requests only; `write`: every operation. */
            scope: "read" | "write";
            /** @description The projects the token may act on; null: every project of its person. */
            projects: string[] | null;
            /**
             * Format: date-time
             * @description When the token was created.
             */
            createdAt: string;
            /**
             * Format: date-time
             * @description When the token stops working.
             */
            expiresAt: string;
        };
        /** @description Who made a change. */
        AuditActor: {
            /** @description A person through their session, a person through an access token, or the operator through the local CLI. */
            type: "user" | "token" | "operator";
            /** @description The person (user and token actors). */
            email?: string;
            /** @description The access token (token actors). */
            tokenId?: string;
        };
        /** @description One change in the audit log. */
        AuditEntry: {
            /** @description The entry id (entries are numbered in the order they were written). */
            id: string;
            /**
             * Format: date-time
             * @description When the change was made.
             */
            at: string;
            actor: components["schemas"]["AuditActor"];
            /** @description What was done. */
            action: "project.create" | "member.invite" | "member.add" | "member.remove" | "member.role_change" | "project.protection_change" | "key.create" | "key.revoke" | "key.unban" | "key.roll" | "deploy.create" | "deploy.promote" | "domain.add" | "domain.verify" | "domain.remove" | "redirect.add" | "redirect.remove" | "plan.change" | "webhook.add" | "webhook.update" | "webhook.remove" | "webhook.test" | "webhook.retry" | "staging.reset" | "staging.copy_pets";
            /** @description What it was done to: a project slug, key id, deploy id, domain, redirect or email. */
            target: string;
            /** @description The environment the change concerns; `production` for what both environments share (members, plan, deploys, domains). */
            environment: "production" | "staging";
            /** @description The client's address, for changes through the API. */
            ip?: string;
        };
        /** @description A deploy of the project's site. */
        Deploy: {
            /** @description The deploy id (digits; ids grow with each deploy on the server): what the paths of `/deploys/{deployId}` take. */
            id: string;
            /**
             * Format: int64
             * @description The deploy's number in its project: 1, 2, 3… in upload order, as pets are numbered (what people see: `#3`).
             */
            number: number;
            /** @description `ready`: stored and servable; `failed`: refused, with its reason (what is served did not change). */
            status: "ready" | "failed";
            /** @description Why a failed deploy was refused: `missing_index` (no index.html at the root), `too_large` (over DEPLOY_MAX_BYTES unpacked), `too_many_files` (over 10,000), `invalid_path` (an absolute path, `..`, a link, or a name that is not UTF-8), `invalid_archive` (not a valid .tar.gz). */
            reason?: "missing_index" | "too_large" | "too_many_files" | "invalid_path" | "invalid_archive";
            /** @description The reason in words. */
            message?: string;
            /**
             * Format: int32
             * @description Files in the deploy.
             */
            files: number;
            /**
             * Format: int64
             * @description Their size, unpacked.
             */
            bytes: number;
            /**
             * Format: date-time
             * @description When the deploy was uploaded.
             */
            createdAt: string;
            /** @description Whether this deploy is the one the project's site serves. */
            live: boolean;
            /**
             * Format: uri
             * @description A ready deploy's own address, `<slug>--deploy-<number>.<PLATFORM_HOST>`: it serves this deploy forever, whatever is live, with `X-Robots-Tag: noindex`. Addresses by id (`<slug>--<id>`) given out before deploys were numbered keep answering.
             */
            previewUrl?: string;
            /** @description In the answer to the upload only: what was left out, e.g. files secret by convention (`.env`, `.env.*`, `.git/`, `.DS_Store`, `.npmrc`, `.htpasswd`, private SSH keys…), which are skipped unless `includeDotfiles=true`. */
            warnings?: string[];
        };
        /** @description A DNS record the domain needs. */
        DnsRecord: {
            /** @description The record type to create at the DNS provider (`TXT`: the ownership proof `_petstore-challenge`). */
            type: "CNAME" | "ALIAS" | "A" | "AAAA" | "TXT";
            /** @description The name, relative to the registrable domain: `www`, or `@` for the apex. */
            name: string;
            /** @description The value: PLATFORM_HOST for CNAME and ALIAS, an address for A and AAAA. */
            value: string;
            /**
             * Format: int32
             * @description The TTL in seconds.
             */
            ttl: number;
            /** @description When the record applies (ALIAS/ANAME support, the A-record fallback). */
            note?: string;
        };
        /** @description The domain's certificate. */
        Certificate: {
            /** @description `none` before verification; `pending` while ordered; `issued`; `failed` with the reason (retried with backoff). */
            status: "none" | "pending" | "issued" | "failed";
            /** @description Why the last attempt failed: `caa_blocked`, `not_verified`, `ca_unreachable`, `ca_error`, `challenge_failed`, `rate_limited`, `timeout`, `dns_error`, `cancelled`, `internal`. */
            reason?: string;
            /** @description The state in words, with the certificate authority's last error. */
            message?: string;
            /**
             * Format: date-time
             * @description When the issued certificate expires.
             */
            notAfter?: string;
            /**
             * Format: date-time
             * @description When the next attempt starts.
             */
            nextAttemptAt?: string;
        };
        /** @description A redirect entry: requests to `from` answer 301 to `https://<to>`. */
        Redirect: {
            /** @description A custom domain of the project that redirects. */
            from: string;
            /** @description The custom domain it redirects to, with the same path and query. */
            to: string;
            /**
             * @description The redirect status.
             * @constant
             */
            status: 301;
        };
        /** @description A custom domain of the project. */
        Domain: {
            /** @description The domain, in lowercase A-labels (IDNA). */
            domain: string;
            /** @description An apex (registrable domain, by the Public Suffix List) or a subdomain. */
            kind: "apex" | "subdomain";
            /** @description `pending` until the records are found (re-checked in the background for 48 hours), `verified`, or `failed` with the reason. */
            status: "verified" | "pending" | "failed";
            /** @description Why the domain does not verify. `ownership_required`: the name needs proof of ownership first, the TXT record `_petstore-challenge.<domain>` shown in `records` (the name, or a name under the same registrable domain, is in use on the platform, or was removed less than 7 days ago). `platform_unresolvable`: an apex has A/AAAA records but PLATFORM_HOST itself resolves to none (and PLATFORM_ADDRESSES is unset), so there is nothing to compare them with; the operator has to act. */
            reason?: "conflicting_a_record" | "cname_mismatch" | "not_found" | "dns_error" | "platform_unresolvable" | "ownership_required";
            /** @description The state in words, with what to do. */
            message: string;
            /** @description What the name resolved to at the last check. */
            found: {
                /** @description The CNAME found at the name, if any. */
                cname: string | null;
                /** @description The addresses the name resolved to. */
                addresses: string[];
                /** @description For a domain that needs ownership proof: the TXT values found at `_petstore-challenge.<domain>`. */
                txt?: string[];
            };
            /** @description The DNS records to create. */
            records: components["schemas"]["DnsRecord"][];
            certificate: components["schemas"]["Certificate"];
            /** @description A redirect entry: requests to `from` answer 301 to `https://<to>`. */
            redirect?: {
                /** @description A custom domain of the project that redirects. */
                from: string;
                /** @description The custom domain it redirects to, with the same path and query. */
                to: string;
                /**
                 * @description The redirect status.
                 * @constant
                 */
                status: 301;
            };
            /** @description Only in the answer to add, for an apex or its `www.` name when the project lacks the other: add `domain` with `redirectTo` set to this domain to get both names and the redirect entry in one request. Each domain verifies on its own. */
            suggestedPair?: {
                /** @description The other name of the pair: `www.<apex>` for an apex, the apex for `www.<apex>`. */
                domain: string;
                redirect: components["schemas"]["Redirect"];
                /** @description The offer in words. */
                message: string;
            };
            /** @description Present when a verified domain has had no certificate for CERTIFICATE_GRACE_SECONDS (30 minutes by default). */
            diagnostics?: {
                /** @description Why there is no certificate yet, in words. */
                message: string;
                /** @description Whether the domain still verifies. */
                dns: {
                    status: "verified" | "pending" | "failed";
                    reason?: string;
                    message: string;
                };
                /** @description Whether CAA records let the certificate authority issue. */
                caa: {
                    status: "allowed" | "blocked" | "error";
                    message: string;
                };
            };
        };
        /** @description One request to the project's `/v1` API: never its headers, body or cursor. */
        LoggedRequest: {
            /** @description The `X-Request-Id` the response carried. */
            requestId: string;
            /**
             * Format: date-time
             * @description When the response was sent.
             */
            at: string;
            /** @description The HTTP method. */
            method: string;
            /** @description The path and query as sent, with `cursor` values and anything shaped like a key or token replaced. */
            path: string;
            /** @description The operation (`listPets`, `createPet`, …); absent for an unknown path. */
            operation?: string;
            /**
             * Format: int32
             * @description The HTTP status of the response.
             */
            status: number;
            /** @description Time from the request to the response, in milliseconds. */
            durationMs: number;
            /** @description The API key the request was made with. */
            keyId?: string;
            /** @description The error `code` of a failed request. */
            errorCode?: string;
            /** @description The message the client got when it said more than the code's usual one (a `validation_failed`'s field detail), else what that error code means. */
            errorMessage?: string;
            /** @description The W3C trace id of the request's span, when the server exports traces (OpenTelemetry) and recorded this request's. */
            traceId?: string;
        };
        /** @description A staging environment emptied: its pets, orders, idempotency keys, events and webhook deliveries, usage and request log are gone; its keys and webhook endpoints stay, and its next pet is number 1. */
        StagingReset: {
            /** @description The project's slug. */
            project: string;
            /** @constant */
            environment: "staging";
            /**
             * Format: date-time
             * @description When the staging environment was emptied.
             */
            resetAt: string;
        };
        /** @description Production's pets copied into an empty staging environment. */
        StagingCopy: {
            /** @description The project's slug. */
            project: string;
            /** @constant */
            environment: "staging";
            /**
             * Format: int64
             * @description Pets now in staging, each with its production id.
             */
            copied: number;
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    getSession: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The signed-in person and the CSRF token of the session. */
            200: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Session"];
                };
            };
            /** @description Error. Codes: `bad_request`: The request is malformed. */
            400: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `not_signed_in`: Sign in first: this needs a session (POST /api/v1/session). */
            401: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error `method_not_allowed`: the path does not support this method; `Allow` lists those it does. */
            405: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    /** @description The methods the path supports, e.g. `GET, POST`. */
                    Allow: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error `request_timeout`: the request was not received in time; the connection is closed. */
            408: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error `request_header_fields_too_large`: the header section is over the server's limit (16 KiB by default); the connection is closed. */
            431: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `internal_error`: An unexpected error occurred. */
            500: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `service_unavailable`: The service is temporarily unavailable. Retry shortly. */
            503: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    signIn: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The email the person was created with (any case). */
                    email: string;
                    /** @description The password. */
                    password: string;
                    /** @description For a person with an authenticator app: its current 6-digit code, or one of their recovery codes (each works once). Without it such a person gets 401 `second_factor_required`. */
                    code?: string;
                };
            };
        };
        responses: {
            /** @description The signed-in person and the CSRF token of the session. */
            200: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Session"];
                };
            };
            /** @description Error. Codes: `bad_request`: The request is malformed. `validation_failed`: The request has missing or invalid values. `malformed_json`: The request body is not valid JSON. */
            400: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `invalid_credentials`: The email or password is wrong. `second_factor_required`: The password is right; this account also needs the code of its authenticator app (or a recovery code) as `code`. `invalid_code`: The code is wrong, expired or was already used: wait for the next one and try again. */
            401: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `not_found`: The requested resource could not be found. */
            404: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error `method_not_allowed`: the path does not support this method; `Allow` lists those it does. */
            405: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    /** @description The methods the path supports, e.g. `GET, POST`. */
                    Allow: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error `request_timeout`: the request was not received in time; the connection is closed. */
            408: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error `payload_too_large`: the body is larger than the operation accepts. */
            413: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error `unsupported_media_type`: the body is not in a media type the operation accepts. */
            415: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `rate_limited`: The rate limit has been exceeded. Retry after the time in Retry-After. */
            429: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    /** @description Seconds until sign-in is accepted again for this email from this address. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error `request_header_fields_too_large`: the header section is over the server's limit (16 KiB by default); the connection is closed. */
            431: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `internal_error`: An unexpected error occurred. */
            500: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `service_unavailable`: The service is temporarily unavailable. Retry shortly. */
            503: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    signOut: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Signed out. */
            204: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Error. Codes: `bad_request`: The request is malformed. */
            400: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `not_signed_in`: Sign in first: this needs a session (POST /api/v1/session). */
            401: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `csrf_failed`: The X-CSRF-Token header is missing or does not match the session. Send the csrfToken given at sign-in. */
            403: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error `method_not_allowed`: the path does not support this method; `Allow` lists those it does. */
            405: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    /** @description The methods the path supports, e.g. `GET, POST`. */
                    Allow: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error `request_timeout`: the request was not received in time; the connection is closed. */
            408: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error `payload_too_large`: the body is larger than the operation accepts. */
            413: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error `unsupported_media_type`: the body is not in a media type the operation accepts. */
            415: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error `request_header_fields_too_large`: the header section is over the server's limit (16 KiB by default); the connection is closed. */
            431: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `internal_error`: An unexpected error occurred. */
            500: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `service_unavailable`: The service is temporarily unavailable. Retry shortly. */
            503: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getTotp: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The authenticator app. */
            200: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TotpStatus"];
                };
            };
            /** @description Error. Codes: `bad_request`: The request is malformed. */
            400: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `not_signed_in`: Sign in first: this needs a session (POST /api/v1/session). */
            401: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error `method_not_allowed`: the path does not support this method; `Allow` lists those it does. */
            405: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    /** @description The methods the path supports, e.g. `GET, POST`. */
                    Allow: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error `request_timeout`: the request was not received in time; the connection is closed. */
            408: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error `request_header_fields_too_large`: the header section is over the server's limit (16 KiB by default); the connection is closed. */
            431: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `internal_error`: An unexpected error occurred. */
            500: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `service_unavailable`: The service is temporarily unavailable. Retry shortly. */
            503: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    setUpTotp: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The secret to give the app. */
            200: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TotpSetup"];
                };
            };
            /** @description Error. Codes: `bad_request`: The request is malformed. */
            400: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `not_signed_in`: Sign in first: this needs a session (POST /api/v1/session). */
            401: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `csrf_failed`: The X-CSRF-Token header is missing or does not match the session. Send the csrfToken given at sign-in. `second_factor_setup_required`: This service requires a second factor: set up an authenticator app or a passkey first (POST /api/v1/me/totp or /api/v1/me/passkeys/options). */
            403: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error `method_not_allowed`: the path does not support this method; `Allow` lists those it does. */
            405: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    /** @description The methods the path supports, e.g. `GET, POST`. */
                    Allow: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error `request_timeout`: the request was not received in time; the connection is closed. */
            408: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `totp_already_enabled`: An authenticator app is already set up: turn it off first (DELETE /api/v1/me/totp). */
            409: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error `payload_too_large`: the body is larger than the operation accepts. */
            413: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error `unsupported_media_type`: the body is not in a media type the operation accepts. */
            415: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error `request_header_fields_too_large`: the header section is over the server's limit (16 KiB by default); the connection is closed. */
            431: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `internal_error`: An unexpected error occurred. */
            500: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `service_unavailable`: The service is temporarily unavailable. Retry shortly. */
            503: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    turnOffTotp: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description The current 6-digit code of the authenticator app (or, to turn it off or renew recovery codes, a recovery code).
                     * @example 123456
                     */
                    code: string;
                };
            };
        };
        responses: {
            /** @description Turned off. */
            204: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Error. Codes: `bad_request`: The request is malformed. `validation_failed`: The request has missing or invalid values. `malformed_json`: The request body is not valid JSON. */
            400: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `not_signed_in`: Sign in first: this needs a session (POST /api/v1/session). */
            401: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `csrf_failed`: The X-CSRF-Token header is missing or does not match the session. Send the csrfToken given at sign-in. `second_factor_setup_required`: This service requires a second factor: set up an authenticator app or a passkey first (POST /api/v1/me/totp or /api/v1/me/passkeys/options). */
            403: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `not_found`: The requested resource could not be found. */
            404: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error `method_not_allowed`: the path does not support this method; `Allow` lists those it does. */
            405: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    /** @description The methods the path supports, e.g. `GET, POST`. */
                    Allow: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error `request_timeout`: the request was not received in time; the connection is closed. */
            408: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `last_second_factor`: This service requires a second factor: add another (a passkey or an authenticator app) before removing this one. */
            409: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `payload_too_large`: The request body is larger than 16384 bytes. */
            413: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `unsupported_media_type`: The request body must be sent as Content-Type: application/json. */
            415: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `rate_limited`: The rate limit has been exceeded. Retry after the time in Retry-After. */
            429: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    /** @description Seconds until codes are checked again. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error `request_header_fields_too_large`: the header section is over the server's limit (16 KiB by default); the connection is closed. */
            431: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `internal_error`: An unexpected error occurred. */
            500: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `service_unavailable`: The service is temporarily unavailable. Retry shortly. */
            503: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    confirmTotp: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description The current 6-digit code of the authenticator app (or, to turn it off or renew recovery codes, a recovery code).
                     * @example 123456
                     */
                    code: string;
                };
            };
        };
        responses: {
            /** @description The recovery codes. */
            200: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RecoveryCodes"];
                };
            };
            /** @description Error. Codes: `bad_request`: The request is malformed. `validation_failed`: The request has missing or invalid values. `malformed_json`: The request body is not valid JSON. */
            400: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `not_signed_in`: Sign in first: this needs a session (POST /api/v1/session). */
            401: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `csrf_failed`: The X-CSRF-Token header is missing or does not match the session. Send the csrfToken given at sign-in. `second_factor_setup_required`: This service requires a second factor: set up an authenticator app or a passkey first (POST /api/v1/me/totp or /api/v1/me/passkeys/options). */
            403: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `not_found`: The requested resource could not be found. */
            404: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error `method_not_allowed`: the path does not support this method; `Allow` lists those it does. */
            405: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    /** @description The methods the path supports, e.g. `GET, POST`. */
                    Allow: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error `request_timeout`: the request was not received in time; the connection is closed. */
            408: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `payload_too_large`: The request body is larger than 16384 bytes. */
            413: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `unsupported_media_type`: The request body must be sent as Content-Type: application/json. */
            415: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `rate_limited`: The rate limit has been exceeded. Retry after the time in Retry-After. */
            429: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    /** @description Seconds until codes are checked again. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error `request_header_fields_too_large`: the header section is over the server's limit (16 KiB by default); the connection is closed. */
            431: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `internal_error`: An unexpected error occurred. */
            500: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `service_unavailable`: The service is temporarily unavailable. Retry shortly. */
            503: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    renewRecoveryCodes: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description The current 6-digit code of the authenticator app (or, to turn it off or renew recovery codes, a recovery code).
                     * @example 123456
                     */
                    code: string;
                };
            };
        };
        responses: {
            /** @description The new recovery codes. */
            200: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RecoveryCodes"];
                };
            };
            /** @description Error. Codes: `bad_request`: The request is malformed. `validation_failed`: The request has missing or invalid values. `malformed_json`: The request body is not valid JSON. */
            400: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `not_signed_in`: Sign in first: this needs a session (POST /api/v1/session). */
            401: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `csrf_failed`: The X-CSRF-Token header is missing or does not match the session. Send the csrfToken given at sign-in. `second_factor_setup_required`: This service requires a second factor: set up an authenticator app or a passkey first (POST /api/v1/me/totp or /api/v1/me/passkeys/options). */
            403: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `not_found`: The requested resource could not be found. */
            404: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error `method_not_allowed`: the path does not support this method; `Allow` lists those it does. */
            405: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    /** @description The methods the path supports, e.g. `GET, POST`. */
                    Allow: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error `request_timeout`: the request was not received in time; the connection is closed. */
            408: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `payload_too_large`: The request body is larger than 16384 bytes. */
            413: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `unsupported_media_type`: The request body must be sent as Content-Type: application/json. */
            415: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `rate_limited`: The rate limit has been exceeded. Retry after the time in Retry-After. */
            429: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    /** @description Seconds until codes are checked again. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error `request_header_fields_too_large`: the header section is over the server's limit (16 KiB by default); the connection is closed. */
            431: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `internal_error`: An unexpected error occurred. */
            500: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `service_unavailable`: The service is temporarily unavailable. Retry shortly. */
            503: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    passkeyRegistrationOptions: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The options. */
            200: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The challenge to sign: good for 5 minutes, once. */
                        challenge: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Error. Codes: `bad_request`: The request is malformed. `validation_failed`: The request has missing or invalid values. */
            400: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `not_signed_in`: Sign in first: this needs a session (POST /api/v1/session). */
            401: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `csrf_failed`: The X-CSRF-Token header is missing or does not match the session. Send the csrfToken given at sign-in. `second_factor_setup_required`: This service requires a second factor: set up an authenticator app or a passkey first (POST /api/v1/me/totp or /api/v1/me/passkeys/options). */
            403: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error `method_not_allowed`: the path does not support this method; `Allow` lists those it does. */
            405: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    /** @description The methods the path supports, e.g. `GET, POST`. */
                    Allow: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error `request_timeout`: the request was not received in time; the connection is closed. */
            408: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error `payload_too_large`: the body is larger than the operation accepts. */
            413: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error `unsupported_media_type`: the body is not in a media type the operation accepts. */
            415: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error `request_header_fields_too_large`: the header section is over the server's limit (16 KiB by default); the connection is closed. */
            431: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `internal_error`: An unexpected error occurred. */
            500: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `service_unavailable`: The service is temporarily unavailable. Retry shortly. */
            503: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listPasskeys: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The passkeys. */
            200: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Passkey"][];
                };
            };
            /** @description Error. Codes: `bad_request`: The request is malformed. */
            400: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `not_signed_in`: Sign in first: this needs a session (POST /api/v1/session). */
            401: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error `method_not_allowed`: the path does not support this method; `Allow` lists those it does. */
            405: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    /** @description The methods the path supports, e.g. `GET, POST`. */
                    Allow: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error `request_timeout`: the request was not received in time; the connection is closed. */
            408: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error `request_header_fields_too_large`: the header section is over the server's limit (16 KiB by default); the connection is closed. */
            431: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `internal_error`: An unexpected error occurred. */
            500: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `service_unavailable`: The service is temporarily unavailable. Retry shortly. */
            503: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    addPasskey: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description A name to tell it apart, e.g. the device or password manager.
                     * @example Laptop
                     */
                    name: string;
                    /** @description What `navigator.credentials.create()` made from the registration options, as JSON. */
                    response: {
                        /** @description The credential id. */
                        id: string;
                        /** @description The credential id. */
                        rawId: string;
                        /** @constant */
                        type: "public-key";
                        response: {
                            /** @description The client data the authenticator signed. */
                            clientDataJSON: string;
                            /** @description Registration: the attestation object. */
                            attestationObject?: string;
                            /** @description The authenticator data. */
                            authenticatorData?: string;
                            /** @description Sign-in: the signature. */
                            signature?: string;
                            /** @description Sign-in: the user handle. */
                            userHandle?: string;
                            /** @description Registration: the public key (SPKI). */
                            publicKey?: string;
                            /** Format: int32 */
                            publicKeyAlgorithm?: number;
                            transports?: string[];
                        } & {
                            [key: string]: unknown;
                        };
                        clientExtensionResults: {
                            [key: string]: unknown;
                        };
                        authenticatorAttachment?: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
        };
        responses: {
            /** @description The passkey. */
            201: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Passkey"];
                };
            };
            /** @description Error. Codes: `bad_request`: The request is malformed. `validation_failed`: The request has missing or invalid values. `malformed_json`: The request body is not valid JSON. */
            400: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `not_signed_in`: Sign in first: this needs a session (POST /api/v1/session). */
            401: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `csrf_failed`: The X-CSRF-Token header is missing or does not match the session. Send the csrfToken given at sign-in. `second_factor_setup_required`: This service requires a second factor: set up an authenticator app or a passkey first (POST /api/v1/me/totp or /api/v1/me/passkeys/options). */
            403: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error `method_not_allowed`: the path does not support this method; `Allow` lists those it does. */
            405: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    /** @description The methods the path supports, e.g. `GET, POST`. */
                    Allow: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error `request_timeout`: the request was not received in time; the connection is closed. */
            408: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `payload_too_large`: The request body is larger than 16384 bytes. */
            413: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `unsupported_media_type`: The request body must be sent as Content-Type: application/json. */
            415: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error `request_header_fields_too_large`: the header section is over the server's limit (16 KiB by default); the connection is closed. */
            431: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `internal_error`: An unexpected error occurred. */
            500: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `service_unavailable`: The service is temporarily unavailable. Retry shortly. */
            503: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    removePasskey: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The passkey id. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Removed. */
            204: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Error. Codes: `bad_request`: The request is malformed. `validation_failed`: The request has missing or invalid values. */
            400: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `not_signed_in`: Sign in first: this needs a session (POST /api/v1/session). */
            401: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `csrf_failed`: The X-CSRF-Token header is missing or does not match the session. Send the csrfToken given at sign-in. `second_factor_setup_required`: This service requires a second factor: set up an authenticator app or a passkey first (POST /api/v1/me/totp or /api/v1/me/passkeys/options). */
            403: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `not_found`: The requested resource could not be found. */
            404: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error `method_not_allowed`: the path does not support this method; `Allow` lists those it does. */
            405: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    /** @description The methods the path supports, e.g. `GET, POST`. */
                    Allow: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error `request_timeout`: the request was not received in time; the connection is closed. */
            408: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `last_second_factor`: This service requires a second factor: add another (a passkey or an authenticator app) before removing this one. */
            409: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error `payload_too_large`: the body is larger than the operation accepts. */
            413: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error `unsupported_media_type`: the body is not in a media type the operation accepts. */
            415: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error `request_header_fields_too_large`: the header section is over the server's limit (16 KiB by default); the connection is closed. */
            431: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `internal_error`: An unexpected error occurred. */
            500: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `service_unavailable`: The service is temporarily unavailable. Retry shortly. */
            503: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    renamePasskey: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The passkey id. */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description A name to tell it apart, e.g. the device or password manager.
                     * @example Laptop
                     */
                    name: string;
                };
            };
        };
        responses: {
            /** @description The passkey. */
            200: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Passkey"];
                };
            };
            /** @description Error. Codes: `bad_request`: The request is malformed. `validation_failed`: The request has missing or invalid values. `malformed_json`: The request body is not valid JSON. */
            400: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `not_signed_in`: Sign in first: this needs a session (POST /api/v1/session). */
            401: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `csrf_failed`: The X-CSRF-Token header is missing or does not match the session. Send the csrfToken given at sign-in. `second_factor_setup_required`: This service requires a second factor: set up an authenticator app or a passkey first (POST /api/v1/me/totp or /api/v1/me/passkeys/options). */
            403: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `not_found`: The requested resource could not be found. */
            404: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error `method_not_allowed`: the path does not support this method; `Allow` lists those it does. */
            405: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    /** @description The methods the path supports, e.g. `GET, POST`. */
                    Allow: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error `request_timeout`: the request was not received in time; the connection is closed. */
            408: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `payload_too_large`: The request body is larger than 16384 bytes. */
            413: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `unsupported_media_type`: The request body must be sent as Content-Type: application/json. */
            415: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error `request_header_fields_too_large`: the header section is over the server's limit (16 KiB by default); the connection is closed. */
            431: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `internal_error`: An unexpected error occurred. */
            500: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `service_unavailable`: The service is temporarily unavailable. Retry shortly. */
            503: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    passkeySignInOptions: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The options. */
            200: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The challenge to sign: good for 5 minutes, once. */
                        challenge: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Error. Codes: `bad_request`: The request is malformed. */
            400: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `not_found`: The requested resource could not be found. */
            404: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error `method_not_allowed`: the path does not support this method; `Allow` lists those it does. */
            405: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    /** @description The methods the path supports, e.g. `GET, POST`. */
                    Allow: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error `request_timeout`: the request was not received in time; the connection is closed. */
            408: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error `payload_too_large`: the body is larger than the operation accepts. */
            413: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error `unsupported_media_type`: the body is not in a media type the operation accepts. */
            415: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `rate_limited`: The rate limit has been exceeded. Retry after the time in Retry-After. */
            429: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    /** @description Seconds until options are given again. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error `request_header_fields_too_large`: the header section is over the server's limit (16 KiB by default); the connection is closed. */
            431: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `internal_error`: An unexpected error occurred. */
            500: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `service_unavailable`: The service is temporarily unavailable. Retry shortly. */
            503: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    signInWithPasskey: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description What `navigator.credentials.get()` made from the authentication options, as JSON. */
                    response: {
                        /** @description The credential id. */
                        id: string;
                        /** @description The credential id. */
                        rawId: string;
                        /** @constant */
                        type: "public-key";
                        response: {
                            /** @description The client data the authenticator signed. */
                            clientDataJSON: string;
                            /** @description Registration: the attestation object. */
                            attestationObject?: string;
                            /** @description The authenticator data. */
                            authenticatorData?: string;
                            /** @description Sign-in: the signature. */
                            signature?: string;
                            /** @description Sign-in: the user handle. */
                            userHandle?: string;
                            /** @description Registration: the public key (SPKI). */
                            publicKey?: string;
                            /** Format: int32 */
                            publicKeyAlgorithm?: number;
                            transports?: string[];
                        } & {
                            [key: string]: unknown;
                        };
                        clientExtensionResults: {
                            [key: string]: unknown;
                        };
                        authenticatorAttachment?: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
        };
        responses: {
            /** @description The signed-in person and the CSRF token of the session. */
            200: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Session"];
                };
            };
            /** @description Error. Codes: `bad_request`: The request is malformed. `validation_failed`: The request has missing or invalid values. `malformed_json`: The request body is not valid JSON. */
            400: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `invalid_passkey`: The passkey was not accepted: it is not registered here, or the answer is not for a challenge this service issued (they expire after 5 minutes). */
            401: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `not_found`: The requested resource could not be found. */
            404: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error `method_not_allowed`: the path does not support this method; `Allow` lists those it does. */
            405: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    /** @description The methods the path supports, e.g. `GET, POST`. */
                    Allow: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error `request_timeout`: the request was not received in time; the connection is closed. */
            408: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `payload_too_large`: The request body is larger than 16384 bytes. */
            413: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `unsupported_media_type`: The request body must be sent as Content-Type: application/json. */
            415: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `rate_limited`: The rate limit has been exceeded. Retry after the time in Retry-After. */
            429: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    /** @description Seconds until sign-in is accepted again from this address. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error `request_header_fields_too_large`: the header section is over the server's limit (16 KiB by default); the connection is closed. */
            431: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `internal_error`: An unexpected error occurred. */
            500: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `service_unavailable`: The service is temporarily unavailable. Retry shortly. */
            503: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    startSingleSignOn: {
        parameters: {
            query?: {
                /** @description The dashboard page to open once signed in (default `/dashboard`). */
                next?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Where to send the browser (a client that is not one). */
            200: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * Format: uri
                         * @description The identity provider's authorization URL to send the browser to.
                         */
                        url: string;
                    };
                };
            };
            /** @description To the identity provider, or (a browser, when the provider cannot be reached) back to the sign-in page. */
            303: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    /** @description Where the browser goes next. */
                    Location?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Error. Codes: `bad_request`: The request is malformed. `validation_failed`: The request has missing or invalid values. */
            400: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `sso_failed`: Single sign-on did not complete: the identity provider refused, or its answer was not for this sign-in. Start again. */
            401: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `not_found`: The requested resource could not be found. */
            404: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error `method_not_allowed`: the path does not support this method; `Allow` lists those it does. */
            405: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    /** @description The methods the path supports, e.g. `GET, POST`. */
                    Allow: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error `request_timeout`: the request was not received in time; the connection is closed. */
            408: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error `request_header_fields_too_large`: the header section is over the server's limit (16 KiB by default); the connection is closed. */
            431: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `internal_error`: An unexpected error occurred. */
            500: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `service_unavailable`: The service is temporarily unavailable. Retry shortly. */
            503: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    finishSingleSignOn: {
        parameters: {
            query?: {
                /** @description The authorization code. */
                code?: string;
                /** @description The state sent with the authorization request. */
                state?: string;
                /** @description Why the identity provider refused. */
                error?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The signed-in person and the CSRF token of the session. */
            200: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Session"];
                };
            };
            /** @description Signed in: to the dashboard page the sign-on started from (or, a browser refused, to the sign-in page with `?error=CODE`). */
            303: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    /** @description Where the browser goes next. */
                    Location?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Error. Codes: `bad_request`: The request is malformed. `validation_failed`: The request has missing or invalid values. */
            400: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `sso_failed`: Single sign-on did not complete: the identity provider refused, or its answer was not for this sign-in. Start again. */
            401: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `email_not_verified`: The identity provider has not verified this email: single sign-on matches verified emails only. `signup_closed`: Sign-up is not open on this service: ask its operator or a project owner for an invitation. */
            403: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `not_found`: The requested resource could not be found. */
            404: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error `method_not_allowed`: the path does not support this method; `Allow` lists those it does. */
            405: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    /** @description The methods the path supports, e.g. `GET, POST`. */
                    Allow: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error `request_timeout`: the request was not received in time; the connection is closed. */
            408: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error `request_header_fields_too_large`: the header section is over the server's limit (16 KiB by default); the connection is closed. */
            431: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `internal_error`: An unexpected error occurred. */
            500: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `service_unavailable`: The service is temporarily unavailable. Retry shortly. */
            503: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listProjects: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The projects. */
            200: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Project"][];
                };
            };
            /** @description Error. Codes: `bad_request`: The request is malformed. */
            400: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `not_signed_in`: Sign in first: this needs a session (POST /api/v1/session). */
            401: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `second_factor_setup_required`: This service requires a second factor: set up an authenticator app or a passkey first (POST /api/v1/me/totp or /api/v1/me/passkeys/options). */
            403: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error `method_not_allowed`: the path does not support this method; `Allow` lists those it does. */
            405: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    /** @description The methods the path supports, e.g. `GET, POST`. */
                    Allow: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error `request_timeout`: the request was not received in time; the connection is closed. */
            408: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error `request_header_fields_too_large`: the header section is over the server's limit (16 KiB by default); the connection is closed. */
            431: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `internal_error`: An unexpected error occurred. */
            500: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `service_unavailable`: The service is temporarily unavailable. Retry shortly. */
            503: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createProject: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The project's slug: 1-63 lowercase letters, digits and inner hyphens, without `--`. Its site is `<slug>.<PLATFORM_HOST>`. */
                    slug: string;
                };
            };
        };
        responses: {
            /** @description The new project. */
            201: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Project"];
                };
            };
            /** @description Error. Codes: `bad_request`: The request is malformed. `validation_failed`: The request has missing or invalid values. `malformed_json`: The request body is not valid JSON. `invalid_slug`: The slug is not valid: 1-63 lowercase letters, digits and single inner hyphens. */
            400: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `not_signed_in`: Sign in first: this needs a session (POST /api/v1/session). `invalid_token`: The access token is missing, unknown, expired or revoked. */
            401: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `csrf_failed`: The X-CSRF-Token header is missing or does not match the session. Send the csrfToken given at sign-in. `insufficient_scope`: This key or access token is read-only: a write one is needed to change anything. `project_limit`: You own the most projects allowed (MAX_PROJECTS_PER_USER). `second_factor_setup_required`: This service requires a second factor: set up an authenticator app or a passkey first (POST /api/v1/me/totp or /api/v1/me/passkeys/options). */
            403: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error `method_not_allowed`: the path does not support this method; `Allow` lists those it does. */
            405: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    /** @description The methods the path supports, e.g. `GET, POST`. */
                    Allow: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error `request_timeout`: the request was not received in time; the connection is closed. */
            408: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `project_exists`: A project with this slug already exists. */
            409: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `payload_too_large`: The request body is larger than 16384 bytes. */
            413: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `unsupported_media_type`: The request body must be sent as Content-Type: application/json. */
            415: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error `request_header_fields_too_large`: the header section is over the server's limit (16 KiB by default); the connection is closed. */
            431: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `internal_error`: An unexpected error occurred. */
            500: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `service_unavailable`: The service is temporarily unavailable. Retry shortly. */
            503: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getProject: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The project's slug. */
                slug: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The project. */
            200: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Project"];
                };
            };
            /** @description Error. Codes: `bad_request`: The request is malformed. `validation_failed`: The request has missing or invalid values. */
            400: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `not_signed_in`: Sign in first: this needs a session (POST /api/v1/session). */
            401: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `insufficient_role`: Your role in this project does not allow this: the message names the role needed and yours. Ask one of the project's owners or admins. `second_factor_setup_required`: This service requires a second factor: set up an authenticator app or a passkey first (POST /api/v1/me/totp or /api/v1/me/passkeys/options). */
            403: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `not_found`: The requested resource could not be found. */
            404: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error `method_not_allowed`: the path does not support this method; `Allow` lists those it does. */
            405: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    /** @description The methods the path supports, e.g. `GET, POST`. */
                    Allow: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error `request_timeout`: the request was not received in time; the connection is closed. */
            408: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error `request_header_fields_too_large`: the header section is over the server's limit (16 KiB by default); the connection is closed. */
            431: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `internal_error`: An unexpected error occurred. */
            500: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `service_unavailable`: The service is temporarily unavailable. Retry shortly. */
            503: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    updateProject: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The project's slug. */
                slug: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Protected production: only admins and owners change production; a developer deploys previews. */
                    productionProtected?: boolean;
                };
            };
        };
        responses: {
            /** @description The project, as it is now. */
            200: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Project"];
                };
            };
            /** @description Error. Codes: `bad_request`: The request is malformed. `validation_failed`: The request has missing or invalid values. `malformed_json`: The request body is not valid JSON. */
            400: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `not_signed_in`: Sign in first: this needs a session (POST /api/v1/session). `invalid_token`: The access token is missing, unknown, expired or revoked. */
            401: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `csrf_failed`: The X-CSRF-Token header is missing or does not match the session. Send the csrfToken given at sign-in. `insufficient_scope`: This key or access token is read-only: a write one is needed to change anything. `insufficient_role`: Your role in this project does not allow this: the message names the role needed and yours. Ask one of the project's owners or admins. `second_factor_setup_required`: This service requires a second factor: set up an authenticator app or a passkey first (POST /api/v1/me/totp or /api/v1/me/passkeys/options). */
            403: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `not_found`: The requested resource could not be found. */
            404: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error `method_not_allowed`: the path does not support this method; `Allow` lists those it does. */
            405: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    /** @description The methods the path supports, e.g. `GET, POST`. */
                    Allow: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error `request_timeout`: the request was not received in time; the connection is closed. */
            408: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `payload_too_large`: The request body is larger than 16384 bytes. */
            413: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `unsupported_media_type`: The request body must be sent as Content-Type: application/json. */
            415: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error `request_header_fields_too_large`: the header section is over the server's limit (16 KiB by default); the connection is closed. */
            431: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `internal_error`: An unexpected error occurred. */
            500: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `service_unavailable`: The service is temporarily unavailable. Retry shortly. */
            503: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listApiKeys: {
        parameters: {
            query?: {
                /** @description The environment (default `production`). */
                environment?: "production" | "staging";
            };
            header?: never;
            path: {
                /** @description The project's slug. */
                slug: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The keys. */
            200: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiKey"][];
                };
            };
            /** @description Error. Codes: `bad_request`: The request is malformed. `validation_failed`: The request has missing or invalid values. */
            400: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `not_signed_in`: Sign in first: this needs a session (POST /api/v1/session). */
            401: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `insufficient_role`: Your role in this project does not allow this: the message names the role needed and yours. Ask one of the project's owners or admins. `second_factor_setup_required`: This service requires a second factor: set up an authenticator app or a passkey first (POST /api/v1/me/totp or /api/v1/me/passkeys/options). */
            403: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `not_found`: The requested resource could not be found. */
            404: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error `method_not_allowed`: the path does not support this method; `Allow` lists those it does. */
            405: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    /** @description The methods the path supports, e.g. `GET, POST`. */
                    Allow: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error `request_timeout`: the request was not received in time; the connection is closed. */
            408: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error `request_header_fields_too_large`: the header section is over the server's limit (16 KiB by default); the connection is closed. */
            431: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `internal_error`: An unexpected error occurred. */
            500: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `service_unavailable`: The service is temporarily unavailable. Retry shortly. */
            503: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createApiKey: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The project's slug. */
                slug: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description A label, e.g. where the key is used: 1 to 100 characters, without control characters (line breaks, tabs) or bidi controls (400 `validation_failed` naming `name`). */
                    name?: string;
                    /** @description What the key may do: `read` calls GET and HEAD operations only (anything else is 403 `insufficient_scope`); `write` calls every operation. */
                    scope?: "read" | "write";
                    /** @description The environment the key is for (default `production`): staging keys begin `psk_test_` and work only at the staging base URL. */
                    environment?: "production" | "staging";
                    /**
                     * Format: int32
                     * @description Days until the key expires by itself (default: it never expires).
                     */
                    expiresInDays?: number;
                };
            };
        };
        responses: {
            /** @description The new key, with its secret. */
            201: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreatedApiKey"];
                };
            };
            /** @description Error. Codes: `bad_request`: The request is malformed. `validation_failed`: The request has missing or invalid values. `malformed_json`: The request body is not valid JSON. */
            400: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `not_signed_in`: Sign in first: this needs a session (POST /api/v1/session). */
            401: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `csrf_failed`: The X-CSRF-Token header is missing or does not match the session. Send the csrfToken given at sign-in. `insufficient_role`: Your role in this project does not allow this: the message names the role needed and yours. Ask one of the project's owners or admins. `second_factor_setup_required`: This service requires a second factor: set up an authenticator app or a passkey first (POST /api/v1/me/totp or /api/v1/me/passkeys/options). */
            403: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `not_found`: The requested resource could not be found. */
            404: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error `method_not_allowed`: the path does not support this method; `Allow` lists those it does. */
            405: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    /** @description The methods the path supports, e.g. `GET, POST`. */
                    Allow: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error `request_timeout`: the request was not received in time; the connection is closed. */
            408: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `payload_too_large`: The request body is larger than 16384 bytes. */
            413: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `unsupported_media_type`: The request body must be sent as Content-Type: application/json. */
            415: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error `request_header_fields_too_large`: the header section is over the server's limit (16 KiB by default); the connection is closed. */
            431: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `internal_error`: An unexpected error occurred. */
            500: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `service_unavailable`: The service is temporarily unavailable. Retry shortly. */
            503: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    rollApiKey: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The project's slug. */
                slug: string;
                /** @description The key id. */
                keyId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * Format: int32
                     * @description Hours the old key keeps working (0 to 168, default 24); 0 stops it at once. Never later than it was to expire.
                     * @default 24
                     */
                    expiresInHours?: number;
                };
            };
        };
        responses: {
            /** @description The new key, with its secret, and when the old one stops. */
            201: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The public key id. */
                        id: string;
                        /** @description The secret, shown this once: store it now. Send it as `Authorization: Bearer <key>`. */
                        key: string;
                        /** @description The slug of the project the key belongs to. */
                        project: string;
                        environment: components["schemas"]["Environment"];
                        /** @description The label. */
                        name: string | null;
                        /** @description What the key may do: `read` calls GET and HEAD operations only (anything else is 403 `insufficient_scope`); `write` calls every operation. */
                        scope: "read" | "write";
                        /** @description The first characters of the secret. */
                        hint: string;
                        /**
                         * Format: date-time
                         * @description When the key was created.
                         */
                        createdAt: string;
                        /** @description Null: it never expires. */
                        expiresAt: string | null;
                        /** @description The key this one replaces. */
                        replaces: {
                            /** @description The rolled key. */
                            id: string;
                            /**
                             * Format: date-time
                             * @description When the rolled key stops working (every running server refuses it within 5 seconds of it).
                             */
                            expiresAt: string;
                        };
                    };
                };
            };
            /** @description Error. Codes: `bad_request`: The request is malformed. `validation_failed`: The request has missing or invalid values. `malformed_json`: The request body is not valid JSON. */
            400: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `not_signed_in`: Sign in first: this needs a session (POST /api/v1/session). */
            401: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `csrf_failed`: The X-CSRF-Token header is missing or does not match the session. Send the csrfToken given at sign-in. `insufficient_role`: Your role in this project does not allow this: the message names the role needed and yours. Ask one of the project's owners or admins. `second_factor_setup_required`: This service requires a second factor: set up an authenticator app or a passkey first (POST /api/v1/me/totp or /api/v1/me/passkeys/options). */
            403: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `not_found`: The requested resource could not be found. */
            404: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error `method_not_allowed`: the path does not support this method; `Allow` lists those it does. */
            405: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    /** @description The methods the path supports, e.g. `GET, POST`. */
                    Allow: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error `request_timeout`: the request was not received in time; the connection is closed. */
            408: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `key_already_rolled`: This API key was already rolled: roll the key that replaced it instead. */
            409: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `payload_too_large`: The request body is larger than 16384 bytes. */
            413: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `unsupported_media_type`: The request body must be sent as Content-Type: application/json. */
            415: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error `request_header_fields_too_large`: the header section is over the server's limit (16 KiB by default); the connection is closed. */
            431: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `internal_error`: An unexpected error occurred. */
            500: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `service_unavailable`: The service is temporarily unavailable. Retry shortly. */
            503: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    revokeApiKey: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The project's slug. */
                slug: string;
                /** @description The key id. */
                keyId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Revoked. */
            204: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Error. Codes: `bad_request`: The request is malformed. `validation_failed`: The request has missing or invalid values. */
            400: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `not_signed_in`: Sign in first: this needs a session (POST /api/v1/session). */
            401: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `csrf_failed`: The X-CSRF-Token header is missing or does not match the session. Send the csrfToken given at sign-in. `insufficient_role`: Your role in this project does not allow this: the message names the role needed and yours. Ask one of the project's owners or admins. `second_factor_setup_required`: This service requires a second factor: set up an authenticator app or a passkey first (POST /api/v1/me/totp or /api/v1/me/passkeys/options). */
            403: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `not_found`: The requested resource could not be found. */
            404: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error `method_not_allowed`: the path does not support this method; `Allow` lists those it does. */
            405: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    /** @description The methods the path supports, e.g. `GET, POST`. */
                    Allow: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error `request_timeout`: the request was not received in time; the connection is closed. */
            408: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error `payload_too_large`: the body is larger than the operation accepts. */
            413: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error `unsupported_media_type`: the body is not in a media type the operation accepts. */
            415: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error `request_header_fields_too_large`: the header section is over the server's limit (16 KiB by default); the connection is closed. */
            431: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `internal_error`: An unexpected error occurred. */
            500: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `service_unavailable`: The service is temporarily unavailable. Retry shortly. */
            503: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    signUp: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The email to sign in with (stored in lowercase). */
                    email: string;
                    /** @description At least 12 characters; common passwords and ones containing the email are refused (`weak_password`). */
                    password: string;
                };
            };
        };
        responses: {
            /** @description The signed-in person and the CSRF token of the session. */
            201: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Session"];
                };
            };
            /** @description Error. Codes: `bad_request`: The request is malformed. `validation_failed`: The request has missing or invalid values. `malformed_json`: The request body is not valid JSON. `weak_password`: The password is too weak: use at least 12 characters that are not a common password or the email. */
            400: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `signup_closed`: Sign-up is not open on this service: ask its operator or a project owner for an invitation. */
            403: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error `method_not_allowed`: the path does not support this method; `Allow` lists those it does. */
            405: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    /** @description The methods the path supports, e.g. `GET, POST`. */
                    Allow: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error `request_timeout`: the request was not received in time; the connection is closed. */
            408: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `user_exists`: A user with this email already exists. */
            409: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `payload_too_large`: The request body is larger than 16384 bytes. */
            413: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `unsupported_media_type`: The request body must be sent as Content-Type: application/json. */
            415: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `rate_limited`: The rate limit has been exceeded. Retry after the time in Retry-After. */
            429: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    /** @description Seconds until the email and address may try again. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error `request_header_fields_too_large`: the header section is over the server's limit (16 KiB by default); the connection is closed. */
            431: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `internal_error`: An unexpected error occurred. */
            500: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `service_unavailable`: The service is temporarily unavailable. Retry shortly. */
            503: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getCurrentUser: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The person, and the token when one was used. */
            200: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        user: components["schemas"]["User"];
                        /** @description The access token the request came with; null with a session. */
                        token: {
                            /** @description The token id. */
                            id: string;
                            scope: "read" | "write";
                            /** @description The projects the token is limited to; null: all of the person. */
                            projects: string[] | null;
                            /**
                             * Format: date-time
                             * @description When the token stops working.
                             */
                            expiresAt: string;
                        } | null;
                    };
                };
            };
            /** @description Error. Codes: `bad_request`: The request is malformed. */
            400: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `not_signed_in`: Sign in first: this needs a session (POST /api/v1/session). `invalid_token`: The access token is missing, unknown, expired or revoked. */
            401: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error `method_not_allowed`: the path does not support this method; `Allow` lists those it does. */
            405: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    /** @description The methods the path supports, e.g. `GET, POST`. */
                    Allow: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error `request_timeout`: the request was not received in time; the connection is closed. */
            408: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error `request_header_fields_too_large`: the header section is over the server's limit (16 KiB by default); the connection is closed. */
            431: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `internal_error`: An unexpected error occurred. */
            500: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `service_unavailable`: The service is temporarily unavailable. Retry shortly. */
            503: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listMembers: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The project's slug. */
                slug: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The members. */
            200: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The person. */
                        email: string;
                        role: components["schemas"]["Role"];
                        /**
                         * Format: date-time
                         * @description When they joined the project.
                         */
                        createdAt: string;
                    }[];
                };
            };
            /** @description Error. Codes: `bad_request`: The request is malformed. `validation_failed`: The request has missing or invalid values. */
            400: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `not_signed_in`: Sign in first: this needs a session (POST /api/v1/session). `invalid_token`: The access token is missing, unknown, expired or revoked. */
            401: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `insufficient_role`: Your role in this project does not allow this: the message names the role needed and yours. Ask one of the project's owners or admins. `second_factor_setup_required`: This service requires a second factor: set up an authenticator app or a passkey first (POST /api/v1/me/totp or /api/v1/me/passkeys/options). */
            403: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `not_found`: The requested resource could not be found. */
            404: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error `method_not_allowed`: the path does not support this method; `Allow` lists those it does. */
            405: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    /** @description The methods the path supports, e.g. `GET, POST`. */
                    Allow: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error `request_timeout`: the request was not received in time; the connection is closed. */
            408: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error `request_header_fields_too_large`: the header section is over the server's limit (16 KiB by default); the connection is closed. */
            431: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `internal_error`: An unexpected error occurred. */
            500: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `service_unavailable`: The service is temporarily unavailable. Retry shortly. */
            503: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    removeMember: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The project's slug. */
                slug: string;
                /** @description The member's email. */
                email: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Removed. */
            204: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Error. Codes: `bad_request`: The request is malformed. `validation_failed`: The request has missing or invalid values. */
            400: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `not_signed_in`: Sign in first: this needs a session (POST /api/v1/session). `invalid_token`: The access token is missing, unknown, expired or revoked. */
            401: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `csrf_failed`: The X-CSRF-Token header is missing or does not match the session. Send the csrfToken given at sign-in. `insufficient_scope`: This key or access token is read-only: a write one is needed to change anything. `insufficient_role`: Your role in this project does not allow this: the message names the role needed and yours. Ask one of the project's owners or admins. `second_factor_setup_required`: This service requires a second factor: set up an authenticator app or a passkey first (POST /api/v1/me/totp or /api/v1/me/passkeys/options). */
            403: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `not_found`: The requested resource could not be found. */
            404: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error `method_not_allowed`: the path does not support this method; `Allow` lists those it does. */
            405: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    /** @description The methods the path supports, e.g. `GET, POST`. */
                    Allow: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error `request_timeout`: the request was not received in time; the connection is closed. */
            408: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `last_owner`: A project keeps at least one owner: make another member owner first. */
            409: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error `payload_too_large`: the body is larger than the operation accepts. */
            413: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error `unsupported_media_type`: the body is not in a media type the operation accepts. */
            415: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error `request_header_fields_too_large`: the header section is over the server's limit (16 KiB by default); the connection is closed. */
            431: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `internal_error`: An unexpected error occurred. */
            500: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `service_unavailable`: The service is temporarily unavailable. Retry shortly. */
            503: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    updateMember: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The project's slug. */
                slug: string;
                /** @description The member's email. */
                email: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    role: components["schemas"]["Role"];
                };
            };
        };
        responses: {
            /** @description The member, with the role now. */
            200: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The person. */
                        email: string;
                        role: components["schemas"]["Role"];
                        /**
                         * Format: date-time
                         * @description When they joined the project.
                         */
                        createdAt: string;
                    };
                };
            };
            /** @description Error. Codes: `bad_request`: The request is malformed. `validation_failed`: The request has missing or invalid values. `malformed_json`: The request body is not valid JSON. */
            400: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `not_signed_in`: Sign in first: this needs a session (POST /api/v1/session). `invalid_token`: The access token is missing, unknown, expired or revoked. */
            401: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `csrf_failed`: The X-CSRF-Token header is missing or does not match the session. Send the csrfToken given at sign-in. `insufficient_scope`: This key or access token is read-only: a write one is needed to change anything. `insufficient_role`: Your role in this project does not allow this: the message names the role needed and yours. Ask one of the project's owners or admins. `second_factor_setup_required`: This service requires a second factor: set up an authenticator app or a passkey first (POST /api/v1/me/totp or /api/v1/me/passkeys/options). */
            403: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `not_found`: The requested resource could not be found. */
            404: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error `method_not_allowed`: the path does not support this method; `Allow` lists those it does. */
            405: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    /** @description The methods the path supports, e.g. `GET, POST`. */
                    Allow: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error `request_timeout`: the request was not received in time; the connection is closed. */
            408: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `last_owner`: A project keeps at least one owner: make another member owner first. */
            409: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `payload_too_large`: The request body is larger than 16384 bytes. */
            413: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `unsupported_media_type`: The request body must be sent as Content-Type: application/json. */
            415: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error `request_header_fields_too_large`: the header section is over the server's limit (16 KiB by default); the connection is closed. */
            431: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `internal_error`: An unexpected error occurred. */
            500: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `service_unavailable`: The service is temporarily unavailable. Retry shortly. */
            503: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createInvitation: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The project's slug. */
                slug: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The email of the person invited. */
                    email: string;
                    /** @description A role in a project, from most to least (docs/permissions.md): `owner` (everything, owners included), `admin` (members and invitations other than owners, production, settings), `developer` (staging, previews, reading production; production too while it is not protected), `viewer` (reads, never a secret). */
                    role?: "owner" | "admin" | "developer" | "viewer";
                };
            };
        };
        responses: {
            /** @description The invitation link. */
            201: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The email invited (in lowercase). */
                        email: string;
                        role: components["schemas"]["Role"];
                        /**
                         * Format: uri
                         * @description The one-time link to pass on: `<origin>/dashboard/invitations/<token>`. Shown this once; only a hash of its token is stored.
                         */
                        url: string;
                        /**
                         * Format: date-time
                         * @description When the link stops working (7 days).
                         */
                        expiresAt: string;
                    };
                };
            };
            /** @description Error. Codes: `bad_request`: The request is malformed. `validation_failed`: The request has missing or invalid values. `malformed_json`: The request body is not valid JSON. */
            400: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `not_signed_in`: Sign in first: this needs a session (POST /api/v1/session). `invalid_token`: The access token is missing, unknown, expired or revoked. */
            401: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `csrf_failed`: The X-CSRF-Token header is missing or does not match the session. Send the csrfToken given at sign-in. `insufficient_scope`: This key or access token is read-only: a write one is needed to change anything. `insufficient_role`: Your role in this project does not allow this: the message names the role needed and yours. Ask one of the project's owners or admins. `second_factor_setup_required`: This service requires a second factor: set up an authenticator app or a passkey first (POST /api/v1/me/totp or /api/v1/me/passkeys/options). */
            403: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `not_found`: The requested resource could not be found. */
            404: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error `method_not_allowed`: the path does not support this method; `Allow` lists those it does. */
            405: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    /** @description The methods the path supports, e.g. `GET, POST`. */
                    Allow: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error `request_timeout`: the request was not received in time; the connection is closed. */
            408: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `invitation_limit`: The project has the most pending invitations allowed (20). */
            409: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `payload_too_large`: The request body is larger than 16384 bytes. */
            413: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `unsupported_media_type`: The request body must be sent as Content-Type: application/json. */
            415: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error `request_header_fields_too_large`: the header section is over the server's limit (16 KiB by default); the connection is closed. */
            431: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `internal_error`: An unexpected error occurred. */
            500: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `service_unavailable`: The service is temporarily unavailable. Retry shortly. */
            503: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getInvitation: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The last path segment of the invitation link. */
                invitation: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The invitation. */
            200: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The project the person is invited to. */
                        project: string;
                        /** @description The email invited: accepting needs that account, or creates it. */
                        email: string;
                        /**
                         * Format: date-time
                         * @description When the link stops working.
                         */
                        expiresAt: string;
                        /** @description Whether accepting may create the account: SIGNUP is `open`, or `invite` and an admin or an owner of a project an admin made invited. */
                        signupAllowed: boolean;
                    };
                };
            };
            /** @description Error. Codes: `bad_request`: The request is malformed. `validation_failed`: The request has missing or invalid values. */
            400: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `not_found`: The requested resource could not be found. */
            404: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error `method_not_allowed`: the path does not support this method; `Allow` lists those it does. */
            405: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    /** @description The methods the path supports, e.g. `GET, POST`. */
                    Allow: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error `request_timeout`: the request was not received in time; the connection is closed. */
            408: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `invitation_expired`: This invitation has expired (links are valid 7 days): ask for a new one. `invitation_used`: This invitation has already been used: ask for a new one. */
            410: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error `request_header_fields_too_large`: the header section is over the server's limit (16 KiB by default); the connection is closed. */
            431: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `internal_error`: An unexpected error occurred. */
            500: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `service_unavailable`: The service is temporarily unavailable. Retry shortly. */
            503: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    acceptInvitation: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The last path segment of the invitation link. */
                invitation: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Without a session: the password of the account to create for the invited email. */
                    password?: string;
                };
            };
        };
        responses: {
            /** @description The membership, and the new session when the account was created. */
            200: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The project joined. */
                        project: string;
                        role: components["schemas"]["Role"];
                        /** @description A person who signs in. */
                        user?: {
                            /** @description The email the person signs in with, in lowercase. */
                            email: string;
                            /** @description Admins see and manage every project; others only those they are members of. */
                            admin: boolean;
                        };
                        /** @description Set when the account was just created: the CSRF token of its new session. */
                        csrfToken?: string;
                    };
                };
            };
            /** @description Error. Codes: `bad_request`: The request is malformed. `validation_failed`: The request has missing or invalid values. `malformed_json`: The request body is not valid JSON. `weak_password`: The password is too weak: use at least 12 characters that are not a common password or the email. */
            400: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `not_signed_in`: Sign in first: this needs a session (POST /api/v1/session). */
            401: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `csrf_failed`: The X-CSRF-Token header is missing or does not match the session. Send the csrfToken given at sign-in. `signup_closed`: Sign-up is not open on this service: ask its operator or a project owner for an invitation. `invitation_mismatch`: This invitation is meant for another email: sign in with the invited one. `second_factor_setup_required`: This service requires a second factor: set up an authenticator app or a passkey first (POST /api/v1/me/totp or /api/v1/me/passkeys/options). */
            403: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `not_found`: The requested resource could not be found. */
            404: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error `method_not_allowed`: the path does not support this method; `Allow` lists those it does. */
            405: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    /** @description The methods the path supports, e.g. `GET, POST`. */
                    Allow: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error `request_timeout`: the request was not received in time; the connection is closed. */
            408: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `user_exists`: A user with this email already exists. */
            409: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `invitation_expired`: This invitation has expired (links are valid 7 days): ask for a new one. `invitation_used`: This invitation has already been used: ask for a new one. */
            410: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `payload_too_large`: The request body is larger than 16384 bytes. */
            413: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `unsupported_media_type`: The request body must be sent as Content-Type: application/json. */
            415: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `rate_limited`: The rate limit has been exceeded. Retry after the time in Retry-After. */
            429: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    /** @description Seconds until the email and address may try again. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error `request_header_fields_too_large`: the header section is over the server's limit (16 KiB by default); the connection is closed. */
            431: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `internal_error`: An unexpected error occurred. */
            500: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `service_unavailable`: The service is temporarily unavailable. Retry shortly. */
            503: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listAccessTokens: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The tokens. */
            200: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AccessToken"][];
                };
            };
            /** @description Error. Codes: `bad_request`: The request is malformed. */
            400: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `not_signed_in`: Sign in first: this needs a session (POST /api/v1/session). */
            401: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `second_factor_setup_required`: This service requires a second factor: set up an authenticator app or a passkey first (POST /api/v1/me/totp or /api/v1/me/passkeys/options). */
            403: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error `method_not_allowed`: the path does not support this method; `Allow` lists those it does. */
            405: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    /** @description The methods the path supports, e.g. `GET, POST`. */
                    Allow: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error `request_timeout`: the request was not received in time; the connection is closed. */
            408: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error `request_header_fields_too_large`: the header section is over the server's limit (16 KiB by default); the connection is closed. */
            431: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `internal_error`: An unexpected error occurred. */
            500: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `service_unavailable`: The service is temporarily unavailable. Retry shortly. */
            503: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createAccessToken: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description A label, e.g. the machine or script using it. */
                    name: string;
                    /**
                     * @description Default `write`.
                     * @default write
                     */
                    scope?: "read" | "write";
                    /** @description Limit the token to these projects (default: every project of the person, present and future). */
                    projects?: string[];
                    /**
                     * Format: int32
                     * @description Days until it expires (1-365, default 90).
                     * @default 90
                     */
                    expiresInDays?: number;
                };
            };
        };
        responses: {
            /** @description The new token, with its secret. */
            201: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreatedAccessToken"];
                };
            };
            /** @description Error. Codes: `bad_request`: The request is malformed. `validation_failed`: The request has missing or invalid values. `malformed_json`: The request body is not valid JSON. */
            400: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `not_signed_in`: Sign in first: this needs a session (POST /api/v1/session). */
            401: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `csrf_failed`: The X-CSRF-Token header is missing or does not match the session. Send the csrfToken given at sign-in. `second_factor_setup_required`: This service requires a second factor: set up an authenticator app or a passkey first (POST /api/v1/me/totp or /api/v1/me/passkeys/options). */
            403: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `not_found`: The requested resource could not be found. */
            404: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error `method_not_allowed`: the path does not support this method; `Allow` lists those it does. */
            405: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    /** @description The methods the path supports, e.g. `GET, POST`. */
                    Allow: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error `request_timeout`: the request was not received in time; the connection is closed. */
            408: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `token_limit`: You have the most active access tokens allowed (50): revoke one first. */
            409: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `payload_too_large`: The request body is larger than 16384 bytes. */
            413: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `unsupported_media_type`: The request body must be sent as Content-Type: application/json. */
            415: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error `request_header_fields_too_large`: the header section is over the server's limit (16 KiB by default); the connection is closed. */
            431: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `internal_error`: An unexpected error occurred. */
            500: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `service_unavailable`: The service is temporarily unavailable. Retry shortly. */
            503: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    revokeAccessToken: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The token id. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Revoked. */
            204: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Error. Codes: `bad_request`: The request is malformed. `validation_failed`: The request has missing or invalid values. */
            400: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `not_signed_in`: Sign in first: this needs a session (POST /api/v1/session). `invalid_token`: The access token is missing, unknown, expired or revoked. */
            401: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `csrf_failed`: The X-CSRF-Token header is missing or does not match the session. Send the csrfToken given at sign-in. `insufficient_scope`: This key or access token is read-only: a write one is needed to change anything. `second_factor_setup_required`: This service requires a second factor: set up an authenticator app or a passkey first (POST /api/v1/me/totp or /api/v1/me/passkeys/options). */
            403: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `not_found`: The requested resource could not be found. */
            404: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error `method_not_allowed`: the path does not support this method; `Allow` lists those it does. */
            405: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    /** @description The methods the path supports, e.g. `GET, POST`. */
                    Allow: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error `request_timeout`: the request was not received in time; the connection is closed. */
            408: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error `payload_too_large`: the body is larger than the operation accepts. */
            413: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error `unsupported_media_type`: the body is not in a media type the operation accepts. */
            415: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error `request_header_fields_too_large`: the header section is over the server's limit (16 KiB by default); the connection is closed. */
            431: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `internal_error`: An unexpected error occurred. */
            500: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `service_unavailable`: The service is temporarily unavailable. Retry shortly. */
            503: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listAuditEntries: {
        parameters: {
            query?: {
                /** @description Entries per page (1-100, default 50). */
                limit?: number;
                /** @description Opaque position from the `Link: <…>; rel="next"` header of the previous page, valid for the same listing, project and filter only. Do not build or alter it: a cursor this service did not issue for the listing is a 400 `invalid_cursor`. */
                cursor?: string;
            };
            header?: never;
            path: {
                /** @description The project's slug. */
                slug: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of the audit log. */
            200: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    /** @description `<…>; rel="next"` when older entries follow. */
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuditEntry"][];
                };
            };
            /** @description Error. Codes: `bad_request`: The request is malformed. `validation_failed`: The request has missing or invalid values. `invalid_cursor`: The cursor was not issued by this service for this listing. Use the one from the Link header of the previous page. */
            400: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `not_signed_in`: Sign in first: this needs a session (POST /api/v1/session). `invalid_token`: The access token is missing, unknown, expired or revoked. */
            401: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `insufficient_role`: Your role in this project does not allow this: the message names the role needed and yours. Ask one of the project's owners or admins. `second_factor_setup_required`: This service requires a second factor: set up an authenticator app or a passkey first (POST /api/v1/me/totp or /api/v1/me/passkeys/options). */
            403: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `not_found`: The requested resource could not be found. */
            404: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error `method_not_allowed`: the path does not support this method; `Allow` lists those it does. */
            405: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    /** @description The methods the path supports, e.g. `GET, POST`. */
                    Allow: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error `request_timeout`: the request was not received in time; the connection is closed. */
            408: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error `request_header_fields_too_large`: the header section is over the server's limit (16 KiB by default); the connection is closed. */
            431: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `internal_error`: An unexpected error occurred. */
            500: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `service_unavailable`: The service is temporarily unavailable. Retry shortly. */
            503: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listSecurityLog: {
        parameters: {
            query?: {
                /** @description Entries per page (1-100, default 50). */
                limit?: number;
                /** @description Opaque position from the `Link: <…>; rel="next"` header of the previous page, valid for the same listing, project and filter only. Do not build or alter it: a cursor this service did not issue for the listing is a 400 `invalid_cursor`. */
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of the log. */
            200: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    /** @description `<…>; rel="next"` when older entries follow. */
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SecurityEntry"][];
                };
            };
            /** @description Error. Codes: `bad_request`: The request is malformed. `validation_failed`: The request has missing or invalid values. `invalid_cursor`: The cursor was not issued by this service for this listing. Use the one from the Link header of the previous page. */
            400: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `not_signed_in`: Sign in first: this needs a session (POST /api/v1/session). */
            401: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error `method_not_allowed`: the path does not support this method; `Allow` lists those it does. */
            405: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    /** @description The methods the path supports, e.g. `GET, POST`. */
                    Allow: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error `request_timeout`: the request was not received in time; the connection is closed. */
            408: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error `request_header_fields_too_large`: the header section is over the server's limit (16 KiB by default); the connection is closed. */
            431: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `internal_error`: An unexpected error occurred. */
            500: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `service_unavailable`: The service is temporarily unavailable. Retry shortly. */
            503: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listDeploys: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The project's slug. */
                slug: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The deploys. */
            200: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Deploy"][];
                };
            };
            /** @description Error. Codes: `bad_request`: The request is malformed. `validation_failed`: The request has missing or invalid values. */
            400: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `not_signed_in`: Sign in first: this needs a session (POST /api/v1/session). */
            401: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `insufficient_role`: Your role in this project does not allow this: the message names the role needed and yours. Ask one of the project's owners or admins. `second_factor_setup_required`: This service requires a second factor: set up an authenticator app or a passkey first (POST /api/v1/me/totp or /api/v1/me/passkeys/options). */
            403: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `not_found`: The requested resource could not be found. */
            404: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error `method_not_allowed`: the path does not support this method; `Allow` lists those it does. */
            405: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    /** @description The methods the path supports, e.g. `GET, POST`. */
                    Allow: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error `request_timeout`: the request was not received in time; the connection is closed. */
            408: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error `request_header_fields_too_large`: the header section is over the server's limit (16 KiB by default); the connection is closed. */
            431: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `internal_error`: An unexpected error occurred. */
            500: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `service_unavailable`: The service is temporarily unavailable. Retry shortly. */
            503: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createDeploy: {
        parameters: {
            query?: {
                /** @description Keep files that are secret by convention (`.env`, `.git/`, `.DS_Store`…). By default they are skipped and listed in `warnings`. */
                includeDotfiles?: "true" | "false";
            };
            header?: never;
            path: {
                /** @description The project's slug. */
                slug: string;
            };
            cookie?: never;
        };
        /** @description The site as a gzip-compressed tar archive (`tar -czf site.tar.gz -C DIR .`). Also accepted as `application/x-gzip`, `application/x-tar+gzip` or `application/octet-stream`. */
        requestBody: {
            content: {
                "application/gzip": string;
            };
        };
        responses: {
            /** @description The deploy, ready and live (or a preview: `live: false`). */
            201: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Deploy"];
                };
            };
            /** @description Error. Codes: `bad_request`: The request is malformed. `validation_failed`: The request has missing or invalid values. */
            400: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `not_signed_in`: Sign in first: this needs a session (POST /api/v1/session). */
            401: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `csrf_failed`: The X-CSRF-Token header is missing or does not match the session. Send the csrfToken given at sign-in. `insufficient_role`: Your role in this project does not allow this: the message names the role needed and yours. Ask one of the project's owners or admins. `second_factor_setup_required`: This service requires a second factor: set up an authenticator app or a passkey first (POST /api/v1/me/totp or /api/v1/me/passkeys/options). */
            403: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `not_found`: The requested resource could not be found. */
            404: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error `method_not_allowed`: the path does not support this method; `Allow` lists those it does. */
            405: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    /** @description The methods the path supports, e.g. `GET, POST`. */
                    Allow: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error `request_timeout`: the request was not received in time; the connection is closed. */
            408: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `storage_quota_exceeded`: The deploy would take the project over its plan's storage quota; nothing was stored. */
            413: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `unsupported_media_type`: The request body must be sent as Content-Type: application/json. */
            415: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `deploy_failed`: The deploy was refused (its reason is in the message); the site still serves the previous deploy. */
            422: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `too_many_uploads`: This server is reading as many uploads as it can. Retry after the time in Retry-After. */
            429: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    /** @description Seconds after which an upload slot is likely free. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error `request_header_fields_too_large`: the header section is over the server's limit (16 KiB by default); the connection is closed. */
            431: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `internal_error`: An unexpected error occurred. */
            500: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `service_unavailable`: The service is temporarily unavailable. Retry shortly. */
            503: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getDeploy: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The project's slug. */
                slug: string;
                /** @description The deploy id, as the service writes it (no leading zeros). */
                deployId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The deploy. */
            200: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Deploy"];
                };
            };
            /** @description Error. Codes: `bad_request`: The request is malformed. `validation_failed`: The request has missing or invalid values. */
            400: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `not_signed_in`: Sign in first: this needs a session (POST /api/v1/session). */
            401: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `insufficient_role`: Your role in this project does not allow this: the message names the role needed and yours. Ask one of the project's owners or admins. `second_factor_setup_required`: This service requires a second factor: set up an authenticator app or a passkey first (POST /api/v1/me/totp or /api/v1/me/passkeys/options). */
            403: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `not_found`: The requested resource could not be found. */
            404: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error `method_not_allowed`: the path does not support this method; `Allow` lists those it does. */
            405: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    /** @description The methods the path supports, e.g. `GET, POST`. */
                    Allow: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error `request_timeout`: the request was not received in time; the connection is closed. */
            408: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error `request_header_fields_too_large`: the header section is over the server's limit (16 KiB by default); the connection is closed. */
            431: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `internal_error`: An unexpected error occurred. */
            500: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `service_unavailable`: The service is temporarily unavailable. Retry shortly. */
            503: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    promoteDeploy: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The project's slug. */
                slug: string;
                /** @description The deploy id, as the service writes it (no leading zeros). */
                deployId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The deploy, now live. */
            200: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Deploy"];
                };
            };
            /** @description Error. Codes: `bad_request`: The request is malformed. `validation_failed`: The request has missing or invalid values. */
            400: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `not_signed_in`: Sign in first: this needs a session (POST /api/v1/session). */
            401: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `csrf_failed`: The X-CSRF-Token header is missing or does not match the session. Send the csrfToken given at sign-in. `insufficient_role`: Your role in this project does not allow this: the message names the role needed and yours. Ask one of the project's owners or admins. `second_factor_setup_required`: This service requires a second factor: set up an authenticator app or a passkey first (POST /api/v1/me/totp or /api/v1/me/passkeys/options). */
            403: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `not_found`: The requested resource could not be found. */
            404: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error `method_not_allowed`: the path does not support this method; `Allow` lists those it does. */
            405: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    /** @description The methods the path supports, e.g. `GET, POST`. */
                    Allow: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error `request_timeout`: the request was not received in time; the connection is closed. */
            408: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error `payload_too_large`: the body is larger than the operation accepts. */
            413: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error `unsupported_media_type`: the body is not in a media type the operation accepts. */
            415: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error `request_header_fields_too_large`: the header section is over the server's limit (16 KiB by default); the connection is closed. */
            431: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `internal_error`: An unexpected error occurred. */
            500: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `service_unavailable`: The service is temporarily unavailable. Retry shortly. */
            503: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listDomains: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The project's slug. */
                slug: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The domains. */
            200: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Domain"][];
                };
            };
            /** @description Error. Codes: `bad_request`: The request is malformed. `validation_failed`: The request has missing or invalid values. `invalid_domain`: The domain name is not valid. */
            400: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `not_signed_in`: Sign in first: this needs a session (POST /api/v1/session). */
            401: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `insufficient_role`: Your role in this project does not allow this: the message names the role needed and yours. Ask one of the project's owners or admins. `second_factor_setup_required`: This service requires a second factor: set up an authenticator app or a passkey first (POST /api/v1/me/totp or /api/v1/me/passkeys/options). */
            403: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `not_found`: The requested resource could not be found. */
            404: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error `method_not_allowed`: the path does not support this method; `Allow` lists those it does. */
            405: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    /** @description The methods the path supports, e.g. `GET, POST`. */
                    Allow: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error `request_timeout`: the request was not received in time; the connection is closed. */
            408: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error `request_header_fields_too_large`: the header section is over the server's limit (16 KiB by default); the connection is closed. */
            431: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `internal_error`: An unexpected error occurred. */
            500: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `service_unavailable`: The service is temporarily unavailable. Retry shortly. */
            503: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    addDomain: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The project's slug. */
                slug: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The domain to serve the site on, e.g. `www.example.com` (Unicode names are converted to A-labels). */
                    domain: string;
                    /** @description Another custom domain of the project: a redirect entry (301) from the new domain to it is added too, as for the `www.` pair (`suggestedPair`). */
                    redirectTo?: string;
                };
            };
        };
        responses: {
            /** @description The domain, pending verification, with its records. */
            201: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Domain"];
                };
            };
            /** @description Error. Codes: `bad_request`: The request is malformed. `validation_failed`: The request has missing or invalid values. `malformed_json`: The request body is not valid JSON. `invalid_domain`: The domain name is not valid. `invalid_redirect`: The redirect entry is not valid. */
            400: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `not_signed_in`: Sign in first: this needs a session (POST /api/v1/session). */
            401: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `csrf_failed`: The X-CSRF-Token header is missing or does not match the session. Send the csrfToken given at sign-in. `plan_required`: Custom domains need the Pro plan or above. `insufficient_role`: Your role in this project does not allow this: the message names the role needed and yours. Ask one of the project's owners or admins. `second_factor_setup_required`: This service requires a second factor: set up an authenticator app or a passkey first (POST /api/v1/me/totp or /api/v1/me/passkeys/options). */
            403: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `not_found`: The requested resource could not be found. */
            404: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error `method_not_allowed`: the path does not support this method; `Allow` lists those it does. */
            405: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    /** @description The methods the path supports, e.g. `GET, POST`. */
                    Allow: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error `request_timeout`: the request was not received in time; the connection is closed. */
            408: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `deploy_required`: The project needs a ready deploy before a custom domain can be added. `domain_taken`: The domain is already a domain of this project. `domain_limit`: The project has the most custom domains allowed (50). */
            409: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `payload_too_large`: The request body is larger than 16384 bytes. */
            413: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `unsupported_media_type`: The request body must be sent as Content-Type: application/json. */
            415: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error `request_header_fields_too_large`: the header section is over the server's limit (16 KiB by default); the connection is closed. */
            431: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `internal_error`: An unexpected error occurred. */
            500: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `service_unavailable`: The service is temporarily unavailable. Retry shortly. */
            503: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getDomain: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The project's slug. */
                slug: string;
                /** @description The domain. */
                domain: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The domain. */
            200: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Domain"];
                };
            };
            /** @description Error. Codes: `bad_request`: The request is malformed. `validation_failed`: The request has missing or invalid values. `invalid_domain`: The domain name is not valid. */
            400: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `not_signed_in`: Sign in first: this needs a session (POST /api/v1/session). */
            401: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `insufficient_role`: Your role in this project does not allow this: the message names the role needed and yours. Ask one of the project's owners or admins. `second_factor_setup_required`: This service requires a second factor: set up an authenticator app or a passkey first (POST /api/v1/me/totp or /api/v1/me/passkeys/options). */
            403: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `not_found`: The requested resource could not be found. */
            404: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error `method_not_allowed`: the path does not support this method; `Allow` lists those it does. */
            405: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    /** @description The methods the path supports, e.g. `GET, POST`. */
                    Allow: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error `request_timeout`: the request was not received in time; the connection is closed. */
            408: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error `request_header_fields_too_large`: the header section is over the server's limit (16 KiB by default); the connection is closed. */
            431: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `internal_error`: An unexpected error occurred. */
            500: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `service_unavailable`: The service is temporarily unavailable. Retry shortly. */
            503: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    removeDomain: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The project's slug. */
                slug: string;
                /** @description The domain. */
                domain: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Removed. */
            204: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Error. Codes: `bad_request`: The request is malformed. `validation_failed`: The request has missing or invalid values. `invalid_domain`: The domain name is not valid. */
            400: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `not_signed_in`: Sign in first: this needs a session (POST /api/v1/session). */
            401: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `csrf_failed`: The X-CSRF-Token header is missing or does not match the session. Send the csrfToken given at sign-in. `insufficient_role`: Your role in this project does not allow this: the message names the role needed and yours. Ask one of the project's owners or admins. `second_factor_setup_required`: This service requires a second factor: set up an authenticator app or a passkey first (POST /api/v1/me/totp or /api/v1/me/passkeys/options). */
            403: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `not_found`: The requested resource could not be found. */
            404: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error `method_not_allowed`: the path does not support this method; `Allow` lists those it does. */
            405: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    /** @description The methods the path supports, e.g. `GET, POST`. */
                    Allow: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error `request_timeout`: the request was not received in time; the connection is closed. */
            408: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error `payload_too_large`: the body is larger than the operation accepts. */
            413: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error `unsupported_media_type`: the body is not in a media type the operation accepts. */
            415: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error `request_header_fields_too_large`: the header section is over the server's limit (16 KiB by default); the connection is closed. */
            431: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `internal_error`: An unexpected error occurred. */
            500: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `service_unavailable`: The service is temporarily unavailable. Retry shortly. */
            503: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    verifyDomain: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The project's slug. */
                slug: string;
                /** @description The domain. */
                domain: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The domain after the check. */
            200: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Domain"];
                };
            };
            /** @description Error. Codes: `bad_request`: The request is malformed. `validation_failed`: The request has missing or invalid values. `invalid_domain`: The domain name is not valid. */
            400: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `not_signed_in`: Sign in first: this needs a session (POST /api/v1/session). */
            401: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `csrf_failed`: The X-CSRF-Token header is missing or does not match the session. Send the csrfToken given at sign-in. `insufficient_role`: Your role in this project does not allow this: the message names the role needed and yours. Ask one of the project's owners or admins. `second_factor_setup_required`: This service requires a second factor: set up an authenticator app or a passkey first (POST /api/v1/me/totp or /api/v1/me/passkeys/options). */
            403: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `not_found`: The requested resource could not be found. */
            404: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error `method_not_allowed`: the path does not support this method; `Allow` lists those it does. */
            405: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    /** @description The methods the path supports, e.g. `GET, POST`. */
                    Allow: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error `request_timeout`: the request was not received in time; the connection is closed. */
            408: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error `payload_too_large`: the body is larger than the operation accepts. */
            413: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error `unsupported_media_type`: the body is not in a media type the operation accepts. */
            415: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error `request_header_fields_too_large`: the header section is over the server's limit (16 KiB by default); the connection is closed. */
            431: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `internal_error`: An unexpected error occurred. */
            500: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `service_unavailable`: The service is temporarily unavailable. Retry shortly. */
            503: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listRedirects: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The project's slug. */
                slug: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The redirects. */
            200: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Redirect"][];
                };
            };
            /** @description Error. Codes: `bad_request`: The request is malformed. `validation_failed`: The request has missing or invalid values. `invalid_domain`: The domain name is not valid. */
            400: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `not_signed_in`: Sign in first: this needs a session (POST /api/v1/session). */
            401: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `insufficient_role`: Your role in this project does not allow this: the message names the role needed and yours. Ask one of the project's owners or admins. `second_factor_setup_required`: This service requires a second factor: set up an authenticator app or a passkey first (POST /api/v1/me/totp or /api/v1/me/passkeys/options). */
            403: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `not_found`: The requested resource could not be found. */
            404: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error `method_not_allowed`: the path does not support this method; `Allow` lists those it does. */
            405: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    /** @description The methods the path supports, e.g. `GET, POST`. */
                    Allow: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error `request_timeout`: the request was not received in time; the connection is closed. */
            408: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error `request_header_fields_too_large`: the header section is over the server's limit (16 KiB by default); the connection is closed. */
            431: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `internal_error`: An unexpected error occurred. */
            500: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `service_unavailable`: The service is temporarily unavailable. Retry shortly. */
            503: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    addRedirect: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The project's slug. */
                slug: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description A custom domain of the project. */
                    from: string;
                    /** @description Another custom domain of the project. */
                    to: string;
                };
            };
        };
        responses: {
            /** @description The redirect. */
            201: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Redirect"];
                };
            };
            /** @description Error. Codes: `bad_request`: The request is malformed. `validation_failed`: The request has missing or invalid values. `malformed_json`: The request body is not valid JSON. `invalid_domain`: The domain name is not valid. `invalid_redirect`: The redirect entry is not valid. */
            400: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `not_signed_in`: Sign in first: this needs a session (POST /api/v1/session). */
            401: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `csrf_failed`: The X-CSRF-Token header is missing or does not match the session. Send the csrfToken given at sign-in. `insufficient_role`: Your role in this project does not allow this: the message names the role needed and yours. Ask one of the project's owners or admins. `second_factor_setup_required`: This service requires a second factor: set up an authenticator app or a passkey first (POST /api/v1/me/totp or /api/v1/me/passkeys/options). */
            403: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `not_found`: The requested resource could not be found. */
            404: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error `method_not_allowed`: the path does not support this method; `Allow` lists those it does. */
            405: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    /** @description The methods the path supports, e.g. `GET, POST`. */
                    Allow: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error `request_timeout`: the request was not received in time; the connection is closed. */
            408: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `payload_too_large`: The request body is larger than 16384 bytes. */
            413: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `unsupported_media_type`: The request body must be sent as Content-Type: application/json. */
            415: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error `request_header_fields_too_large`: the header section is over the server's limit (16 KiB by default); the connection is closed. */
            431: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `internal_error`: An unexpected error occurred. */
            500: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `service_unavailable`: The service is temporarily unavailable. Retry shortly. */
            503: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    removeRedirect: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The project's slug. */
                slug: string;
                /** @description The domain that redirects. */
                from: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Removed. */
            204: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Error. Codes: `bad_request`: The request is malformed. `validation_failed`: The request has missing or invalid values. `invalid_domain`: The domain name is not valid. */
            400: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `not_signed_in`: Sign in first: this needs a session (POST /api/v1/session). */
            401: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `csrf_failed`: The X-CSRF-Token header is missing or does not match the session. Send the csrfToken given at sign-in. `insufficient_role`: Your role in this project does not allow this: the message names the role needed and yours. Ask one of the project's owners or admins. `second_factor_setup_required`: This service requires a second factor: set up an authenticator app or a passkey first (POST /api/v1/me/totp or /api/v1/me/passkeys/options). */
            403: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `not_found`: The requested resource could not be found. */
            404: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error `method_not_allowed`: the path does not support this method; `Allow` lists those it does. */
            405: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    /** @description The methods the path supports, e.g. `GET, POST`. */
                    Allow: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error `request_timeout`: the request was not received in time; the connection is closed. */
            408: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error `payload_too_large`: the body is larger than the operation accepts. */
            413: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error `unsupported_media_type`: the body is not in a media type the operation accepts. */
            415: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error `request_header_fields_too_large`: the header section is over the server's limit (16 KiB by default); the connection is closed. */
            431: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `internal_error`: An unexpected error occurred. */
            500: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `service_unavailable`: The service is temporarily unavailable. Retry shortly. */
            503: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listEvents: {
        parameters: {
            query?: {
                /** @description An event type. */
                type?: "pet.created" | "pet.status_changed" | "order.placed" | "order.approved" | "order.delivered" | "order.cancelled" | "deploy.ready" | "deploy.failed" | "deploy.promoted" | "domain.verified" | "domain.failed" | "domain.removed" | "certificate.issued" | "certificate.failed" | "key.banned" | "api.deprecated_call";
                /** @description Maximum number of items returned (1–100, default 20). */
                limit?: number;
                /** @description Opaque position from the `Link: <…>; rel="next"` header of the previous page, valid for the same listing, project and filter only. Do not build or alter it: a cursor this service did not issue for the listing is a 400 `invalid_cursor`. */
                cursor?: string;
                /** @description The environment (default `production`). */
                environment?: "production" | "staging";
            };
            header?: never;
            path: {
                /** @description The project's slug. */
                slug: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The events. */
            200: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    /** @description `<…>; rel="next"` when another page follows (RFC 8288). */
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The event id (`evt_…`), also the `webhook-id` header of its deliveries. */
                        id: string;
                        /** @description The event type. */
                        type: string;
                        /**
                         * Format: date-time
                         * @description When the change happened (the event is written in its transaction).
                         */
                        createdAt: string;
                        /** @description The project's slug (the same in both environments). */
                        project: string;
                        environment: components["schemas"]["Environment"];
                        /** @description What changed: the pet, deploy, domain, key… as the API shows it. */
                        data: {
                            [key: string]: unknown;
                        };
                    }[];
                };
            };
            /** @description Error. Codes: `bad_request`: The request is malformed. `validation_failed`: The request has missing or invalid values. `invalid_cursor`: The cursor was not issued by this service for this listing. Use the one from the Link header of the previous page. */
            400: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `not_signed_in`: Sign in first: this needs a session (POST /api/v1/session). */
            401: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `insufficient_role`: Your role in this project does not allow this: the message names the role needed and yours. Ask one of the project's owners or admins. `second_factor_setup_required`: This service requires a second factor: set up an authenticator app or a passkey first (POST /api/v1/me/totp or /api/v1/me/passkeys/options). */
            403: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `not_found`: The requested resource could not be found. */
            404: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error `method_not_allowed`: the path does not support this method; `Allow` lists those it does. */
            405: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    /** @description The methods the path supports, e.g. `GET, POST`. */
                    Allow: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error `request_timeout`: the request was not received in time; the connection is closed. */
            408: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error `request_header_fields_too_large`: the header section is over the server's limit (16 KiB by default); the connection is closed. */
            431: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `internal_error`: An unexpected error occurred. */
            500: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `service_unavailable`: The service is temporarily unavailable. Retry shortly. */
            503: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listWebhooks: {
        parameters: {
            query?: {
                /** @description The environment (default `production`). */
                environment?: "production" | "staging";
            };
            header?: never;
            path: {
                /** @description The project's slug. */
                slug: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The endpoints. */
            200: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The endpoint id (`we_…`). */
                        id: string;
                        environment: components["schemas"]["Environment"];
                        /** @description Where events are POSTed. */
                        url: string;
                        /** @description The subscribed event types, or `["*"]`. */
                        events: string[];
                        /** @description A label given at creation. */
                        description: string | null;
                        /** @description False once disabled by a person or by the receiver answering 410. */
                        enabled: boolean;
                        /** @description Why the endpoint is disabled. */
                        disabledReason: string | null;
                        /**
                         * Format: date-time
                         * @description When the endpoint was added.
                         */
                        createdAt: string;
                    }[];
                };
            };
            /** @description Error. Codes: `bad_request`: The request is malformed. `validation_failed`: The request has missing or invalid values. */
            400: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `not_signed_in`: Sign in first: this needs a session (POST /api/v1/session). */
            401: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `insufficient_role`: Your role in this project does not allow this: the message names the role needed and yours. Ask one of the project's owners or admins. `second_factor_setup_required`: This service requires a second factor: set up an authenticator app or a passkey first (POST /api/v1/me/totp or /api/v1/me/passkeys/options). */
            403: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `not_found`: The requested resource could not be found. */
            404: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error `method_not_allowed`: the path does not support this method; `Allow` lists those it does. */
            405: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    /** @description The methods the path supports, e.g. `GET, POST`. */
                    Allow: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error `request_timeout`: the request was not received in time; the connection is closed. */
            408: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error `request_header_fields_too_large`: the header section is over the server's limit (16 KiB by default); the connection is closed. */
            431: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `internal_error`: An unexpected error occurred. */
            500: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `service_unavailable`: The service is temporarily unavailable. Retry shortly. */
            503: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The project's slug. */
                slug: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Where events are POSTed: an `https://` URL whose host does not resolve to a loopback, private or link-local address (unless the server runs with WEBHOOK_ALLOW_PRIVATE=true, which also allows `http://`). */
                    url: string;
                    /** @description The event types sent to the endpoint, or `["*"]` for every type. */
                    events: ("pet.created" | "pet.status_changed" | "order.placed" | "order.approved" | "order.delivered" | "order.cancelled" | "deploy.ready" | "deploy.failed" | "deploy.promoted" | "domain.verified" | "domain.failed" | "domain.removed" | "certificate.issued" | "certificate.failed" | "key.banned" | "api.deprecated_call" | "*")[];
                    /** @description A label, e.g. what receives the events. */
                    description?: string;
                    /** @description The environment whose events the endpoint receives (default `production`): a staging endpoint gets staging's events only. */
                    environment?: "production" | "staging";
                };
            };
        };
        responses: {
            /** @description The endpoint, with its secret. */
            201: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The endpoint id (`we_…`). */
                        id: string;
                        environment: components["schemas"]["Environment"];
                        /** @description Where events are POSTed. */
                        url: string;
                        /** @description The subscribed event types, or `["*"]`. */
                        events: string[];
                        /** @description A label given at creation. */
                        description: string | null;
                        /** @description False once disabled by a person or by the receiver answering 410. */
                        enabled: boolean;
                        /** @description Why the endpoint is disabled. */
                        disabledReason: string | null;
                        /**
                         * Format: date-time
                         * @description When the endpoint was added.
                         */
                        createdAt: string;
                        /** @description The signing secret (`whsec_` and base64), shown this once: verify each delivery with it (Standard Webhooks, or `verifyWebhook` of @petstore/client). */
                        secret: string;
                    };
                };
            };
            /** @description Error. Codes: `bad_request`: The request is malformed. `validation_failed`: The request has missing or invalid values. `malformed_json`: The request body is not valid JSON. */
            400: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `not_signed_in`: Sign in first: this needs a session (POST /api/v1/session). */
            401: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `csrf_failed`: The X-CSRF-Token header is missing or does not match the session. Send the csrfToken given at sign-in. `insufficient_role`: Your role in this project does not allow this: the message names the role needed and yours. Ask one of the project's owners or admins. `second_factor_setup_required`: This service requires a second factor: set up an authenticator app or a passkey first (POST /api/v1/me/totp or /api/v1/me/passkeys/options). */
            403: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `not_found`: The requested resource could not be found. */
            404: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error `method_not_allowed`: the path does not support this method; `Allow` lists those it does. */
            405: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    /** @description The methods the path supports, e.g. `GET, POST`. */
                    Allow: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error `request_timeout`: the request was not received in time; the connection is closed. */
            408: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `webhook_limit`: The project has the most webhook endpoints its plan allows: remove one first. */
            409: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error `payload_too_large`: the body is larger than the operation accepts. */
            413: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error `unsupported_media_type`: the body is not in a media type the operation accepts. */
            415: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error `request_header_fields_too_large`: the header section is over the server's limit (16 KiB by default); the connection is closed. */
            431: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `internal_error`: An unexpected error occurred. */
            500: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `service_unavailable`: The service is temporarily unavailable. Retry shortly. */
            503: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getWebhookBudget: {
        parameters: {
            query?: {
                /** @description The environment (default `production`). */
                environment?: "production" | "staging";
            };
            header?: never;
            path: {
                /** @description The project's slug. */
                slug: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Today's budget. */
            200: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * Format: date
                         * @description Today (UTC), the day counted.
                         */
                        day: string;
                        /**
                         * Format: int64
                         * @description Delivery attempts the project may make per UTC day: its plan's requests per day times its webhook endpoint limit.
                         */
                        limit: number;
                        /**
                         * Format: int64
                         * @description Attempts made or under way today: first tries, retries, test events and manual retries alike.
                         */
                        used: number;
                        /**
                         * Format: int64
                         * @description Attempts left today; at 0, deliveries that come due are not sent but recorded as `budget_exhausted`.
                         */
                        remaining: number;
                        /**
                         * Format: date-time
                         * @description When the next day (UTC) starts, with its budget whole.
                         */
                        resetsAt: string;
                    };
                };
            };
            /** @description Error. Codes: `bad_request`: The request is malformed. `validation_failed`: The request has missing or invalid values. */
            400: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `not_signed_in`: Sign in first: this needs a session (POST /api/v1/session). */
            401: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `insufficient_role`: Your role in this project does not allow this: the message names the role needed and yours. Ask one of the project's owners or admins. `second_factor_setup_required`: This service requires a second factor: set up an authenticator app or a passkey first (POST /api/v1/me/totp or /api/v1/me/passkeys/options). */
            403: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `not_found`: The requested resource could not be found. */
            404: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error `method_not_allowed`: the path does not support this method; `Allow` lists those it does. */
            405: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    /** @description The methods the path supports, e.g. `GET, POST`. */
                    Allow: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error `request_timeout`: the request was not received in time; the connection is closed. */
            408: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error `request_header_fields_too_large`: the header section is over the server's limit (16 KiB by default); the connection is closed. */
            431: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `internal_error`: An unexpected error occurred. */
            500: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `service_unavailable`: The service is temporarily unavailable. Retry shortly. */
            503: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The project's slug. */
                slug: string;
                /** @description The endpoint id, as the service writes it (`we_12`: no leading zeros). */
                webhookId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The endpoint. */
            200: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The endpoint id (`we_…`). */
                        id: string;
                        environment: components["schemas"]["Environment"];
                        /** @description Where events are POSTed. */
                        url: string;
                        /** @description The subscribed event types, or `["*"]`. */
                        events: string[];
                        /** @description A label given at creation. */
                        description: string | null;
                        /** @description False once disabled by a person or by the receiver answering 410. */
                        enabled: boolean;
                        /** @description Why the endpoint is disabled. */
                        disabledReason: string | null;
                        /**
                         * Format: date-time
                         * @description When the endpoint was added.
                         */
                        createdAt: string;
                    };
                };
            };
            /** @description Error. Codes: `bad_request`: The request is malformed. `validation_failed`: The request has missing or invalid values. */
            400: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `not_signed_in`: Sign in first: this needs a session (POST /api/v1/session). */
            401: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `insufficient_role`: Your role in this project does not allow this: the message names the role needed and yours. Ask one of the project's owners or admins. `second_factor_setup_required`: This service requires a second factor: set up an authenticator app or a passkey first (POST /api/v1/me/totp or /api/v1/me/passkeys/options). */
            403: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `not_found`: The requested resource could not be found. */
            404: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error `method_not_allowed`: the path does not support this method; `Allow` lists those it does. */
            405: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    /** @description The methods the path supports, e.g. `GET, POST`. */
                    Allow: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error `request_timeout`: the request was not received in time; the connection is closed. */
            408: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error `request_header_fields_too_large`: the header section is over the server's limit (16 KiB by default); the connection is closed. */
            431: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `internal_error`: An unexpected error occurred. */
            500: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `service_unavailable`: The service is temporarily unavailable. Retry shortly. */
            503: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The project's slug. */
                slug: string;
                /** @description The endpoint id, as the service writes it (`we_12`: no leading zeros). */
                webhookId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The endpoint removed. */
            200: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The endpoint id (`we_…`). */
                        id: string;
                        environment: components["schemas"]["Environment"];
                        /** @description Where events are POSTed. */
                        url: string;
                        /** @description The subscribed event types, or `["*"]`. */
                        events: string[];
                        /** @description A label given at creation. */
                        description: string | null;
                        /** @description False once disabled by a person or by the receiver answering 410. */
                        enabled: boolean;
                        /** @description Why the endpoint is disabled. */
                        disabledReason: string | null;
                        /**
                         * Format: date-time
                         * @description When the endpoint was added.
                         */
                        createdAt: string;
                    };
                };
            };
            /** @description Error. Codes: `bad_request`: The request is malformed. `validation_failed`: The request has missing or invalid values. */
            400: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `not_signed_in`: Sign in first: this needs a session (POST /api/v1/session). */
            401: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `csrf_failed`: The X-CSRF-Token header is missing or does not match the session. Send the csrfToken given at sign-in. `insufficient_role`: Your role in this project does not allow this: the message names the role needed and yours. Ask one of the project's owners or admins. `second_factor_setup_required`: This service requires a second factor: set up an authenticator app or a passkey first (POST /api/v1/me/totp or /api/v1/me/passkeys/options). */
            403: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `not_found`: The requested resource could not be found. */
            404: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error `method_not_allowed`: the path does not support this method; `Allow` lists those it does. */
            405: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    /** @description The methods the path supports, e.g. `GET, POST`. */
                    Allow: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error `request_timeout`: the request was not received in time; the connection is closed. */
            408: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error `payload_too_large`: the body is larger than the operation accepts. */
            413: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error `unsupported_media_type`: the body is not in a media type the operation accepts. */
            415: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error `request_header_fields_too_large`: the header section is over the server's limit (16 KiB by default); the connection is closed. */
            431: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `internal_error`: An unexpected error occurred. */
            500: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `service_unavailable`: The service is temporarily unavailable. Retry shortly. */
            503: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    updateWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The project's slug. */
                slug: string;
                /** @description The endpoint id, as the service writes it (`we_12`: no leading zeros). */
                webhookId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Where events are POSTed: an `https://` URL whose host does not resolve to a loopback, private or link-local address (unless the server runs with WEBHOOK_ALLOW_PRIVATE=true, which also allows `http://`). */
                    url?: string;
                    /** @description The event types sent to the endpoint, or `["*"]` for every type. */
                    events?: ("pet.created" | "pet.status_changed" | "order.placed" | "order.approved" | "order.delivered" | "order.cancelled" | "deploy.ready" | "deploy.failed" | "deploy.promoted" | "domain.verified" | "domain.failed" | "domain.removed" | "certificate.issued" | "certificate.failed" | "key.banned" | "api.deprecated_call" | "*")[];
                    /** @description Enable again (after a 410, say) or pause the endpoint. */
                    enabled?: boolean;
                };
            };
        };
        responses: {
            /** @description The endpoint. */
            200: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The endpoint id (`we_…`). */
                        id: string;
                        environment: components["schemas"]["Environment"];
                        /** @description Where events are POSTed. */
                        url: string;
                        /** @description The subscribed event types, or `["*"]`. */
                        events: string[];
                        /** @description A label given at creation. */
                        description: string | null;
                        /** @description False once disabled by a person or by the receiver answering 410. */
                        enabled: boolean;
                        /** @description Why the endpoint is disabled. */
                        disabledReason: string | null;
                        /**
                         * Format: date-time
                         * @description When the endpoint was added.
                         */
                        createdAt: string;
                    };
                };
            };
            /** @description Error. Codes: `bad_request`: The request is malformed. `validation_failed`: The request has missing or invalid values. `malformed_json`: The request body is not valid JSON. */
            400: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `not_signed_in`: Sign in first: this needs a session (POST /api/v1/session). */
            401: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `csrf_failed`: The X-CSRF-Token header is missing or does not match the session. Send the csrfToken given at sign-in. `insufficient_role`: Your role in this project does not allow this: the message names the role needed and yours. Ask one of the project's owners or admins. `second_factor_setup_required`: This service requires a second factor: set up an authenticator app or a passkey first (POST /api/v1/me/totp or /api/v1/me/passkeys/options). */
            403: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `not_found`: The requested resource could not be found. */
            404: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error `method_not_allowed`: the path does not support this method; `Allow` lists those it does. */
            405: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    /** @description The methods the path supports, e.g. `GET, POST`. */
                    Allow: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error `request_timeout`: the request was not received in time; the connection is closed. */
            408: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error `payload_too_large`: the body is larger than the operation accepts. */
            413: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error `unsupported_media_type`: the body is not in a media type the operation accepts. */
            415: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error `request_header_fields_too_large`: the header section is over the server's limit (16 KiB by default); the connection is closed. */
            431: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `internal_error`: An unexpected error occurred. */
            500: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `service_unavailable`: The service is temporarily unavailable. Retry shortly. */
            503: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    testWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The project's slug. */
                slug: string;
                /** @description The endpoint id, as the service writes it (`we_12`: no leading zeros). */
                webhookId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The ping, queued. */
            202: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The `ping` event queued for the endpoint; its attempt appears in the deliveries. */
                        eventId: string;
                    };
                };
            };
            /** @description Error. Codes: `bad_request`: The request is malformed. `validation_failed`: The request has missing or invalid values. */
            400: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `not_signed_in`: Sign in first: this needs a session (POST /api/v1/session). */
            401: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `csrf_failed`: The X-CSRF-Token header is missing or does not match the session. Send the csrfToken given at sign-in. `insufficient_role`: Your role in this project does not allow this: the message names the role needed and yours. Ask one of the project's owners or admins. `second_factor_setup_required`: This service requires a second factor: set up an authenticator app or a passkey first (POST /api/v1/me/totp or /api/v1/me/passkeys/options). */
            403: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `not_found`: The requested resource could not be found. */
            404: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error `method_not_allowed`: the path does not support this method; `Allow` lists those it does. */
            405: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    /** @description The methods the path supports, e.g. `GET, POST`. */
                    Allow: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error `request_timeout`: the request was not received in time; the connection is closed. */
            408: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error `payload_too_large`: the body is larger than the operation accepts. */
            413: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error `unsupported_media_type`: the body is not in a media type the operation accepts. */
            415: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error `request_header_fields_too_large`: the header section is over the server's limit (16 KiB by default); the connection is closed. */
            431: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `internal_error`: An unexpected error occurred. */
            500: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `service_unavailable`: The service is temporarily unavailable. Retry shortly. */
            503: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listWebhookDeliveries: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The project's slug. */
                slug: string;
                /** @description The endpoint id, as the service writes it (`we_12`: no leading zeros). */
                webhookId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The attempts. */
            200: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The delivery (one event to this endpoint) this attempt belongs to; get it (with its payload) or retry it with this id. */
                        id: string;
                        /** @description The event sent. */
                        eventId: string;
                        /** @description The type of the event sent (`ping` for a test event). */
                        eventType: string;
                        /** @description The delivery now: `pending` (due, or waiting for its next attempt), `succeeded`, or `failed` for good. */
                        deliveryState: "pending" | "succeeded" | "failed";
                        /**
                         * Format: int32
                         * @description The attempt number of this delivery (1 for the first).
                         */
                        attempt: number;
                        /** @description `succeeded`: the receiver answered 2xx in time; `failed`: it did not; `budget_exhausted`: not sent, because the project's webhook budget for the UTC day was spent (see `GET …/webhook-budget`); the delivery is then `failed` until it is retried. */
                        status: "succeeded" | "failed" | "budget_exhausted";
                        /**
                         * Format: int32
                         * @description The receiver’s HTTP status, when it answered.
                         */
                        httpStatus?: number;
                        /**
                         * Format: int32
                         * @description From the start of the attempt to the answer (or the failure).
                         */
                        durationMs: number;
                        /** @description Why the attempt failed, in words (the receiver’s status and the start of its answer, a refused address, a timeout…). */
                        error?: string;
                        /**
                         * Format: date-time
                         * @description When the attempt started.
                         */
                        at: string;
                    }[];
                };
            };
            /** @description Error. Codes: `bad_request`: The request is malformed. `validation_failed`: The request has missing or invalid values. */
            400: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `not_signed_in`: Sign in first: this needs a session (POST /api/v1/session). */
            401: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `insufficient_role`: Your role in this project does not allow this: the message names the role needed and yours. Ask one of the project's owners or admins. `second_factor_setup_required`: This service requires a second factor: set up an authenticator app or a passkey first (POST /api/v1/me/totp or /api/v1/me/passkeys/options). */
            403: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `not_found`: The requested resource could not be found. */
            404: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error `method_not_allowed`: the path does not support this method; `Allow` lists those it does. */
            405: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    /** @description The methods the path supports, e.g. `GET, POST`. */
                    Allow: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error `request_timeout`: the request was not received in time; the connection is closed. */
            408: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error `request_header_fields_too_large`: the header section is over the server's limit (16 KiB by default); the connection is closed. */
            431: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `internal_error`: An unexpected error occurred. */
            500: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `service_unavailable`: The service is temporarily unavailable. Retry shortly. */
            503: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getWebhookDelivery: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The project's slug. */
                slug: string;
                /** @description The delivery id, as the service writes it (`dlv_3`: no leading zeros). */
                deliveryId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The delivery. */
            200: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The delivery id (`dlv_…`). */
                        id: string;
                        /** @description The endpoint it is sent to (`we_…`). */
                        webhookId: string;
                        /** @description The delivery now: `pending` (due, or waiting for its next attempt), `succeeded`, or `failed` for good. */
                        state: "pending" | "succeeded" | "failed";
                        /** @description An event, as delivered to webhooks. */
                        event: {
                            /** @description The event id (`evt_…`), also the `webhook-id` header of its deliveries. */
                            id: string;
                            /** @description The event type. */
                            type: string;
                            /**
                             * Format: date-time
                             * @description When the change happened (the event is written in its transaction).
                             */
                            createdAt: string;
                            /** @description The project's slug (the same in both environments). */
                            project: string;
                            environment: components["schemas"]["Environment"];
                            /** @description What changed: the pet, deploy, domain, key… as the API shows it. */
                            data: {
                                [key: string]: unknown;
                            };
                        };
                        /** @description The latest 20 attempts, newest first. */
                        attempts: {
                            /**
                             * Format: int32
                             * @description The attempt number of this delivery (1 for the first).
                             */
                            attempt: number;
                            /** @description `succeeded`: the receiver answered 2xx in time; `failed`: it did not; `budget_exhausted`: not sent, because the project's webhook budget for the UTC day was spent (see `GET …/webhook-budget`); the delivery is then `failed` until it is retried. */
                            status: "succeeded" | "failed" | "budget_exhausted";
                            /**
                             * Format: int32
                             * @description The receiver’s HTTP status, when it answered.
                             */
                            httpStatus?: number;
                            /**
                             * Format: int32
                             * @description From the start of the attempt to the answer (or the failure).
                             */
                            durationMs: number;
                            /** @description Why the attempt failed, in words (the receiver’s status and the start of its answer, a refused address, a timeout…). */
                            error?: string;
                            /** @description The start of the receiver's answer (its first 4096 bytes as UTF-8), when it answered. */
                            responseBody?: string;
                            /**
                             * Format: date-time
                             * @description When the attempt started.
                             */
                            at: string;
                        }[];
                    };
                };
            };
            /** @description Error. Codes: `bad_request`: The request is malformed. `validation_failed`: The request has missing or invalid values. */
            400: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `not_signed_in`: Sign in first: this needs a session (POST /api/v1/session). */
            401: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `insufficient_role`: Your role in this project does not allow this: the message names the role needed and yours. Ask one of the project's owners or admins. `second_factor_setup_required`: This service requires a second factor: set up an authenticator app or a passkey first (POST /api/v1/me/totp or /api/v1/me/passkeys/options). */
            403: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `not_found`: The requested resource could not be found. */
            404: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error `method_not_allowed`: the path does not support this method; `Allow` lists those it does. */
            405: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    /** @description The methods the path supports, e.g. `GET, POST`. */
                    Allow: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error `request_timeout`: the request was not received in time; the connection is closed. */
            408: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error `request_header_fields_too_large`: the header section is over the server's limit (16 KiB by default); the connection is closed. */
            431: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `internal_error`: An unexpected error occurred. */
            500: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `service_unavailable`: The service is temporarily unavailable. Retry shortly. */
            503: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    retryWebhookDelivery: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The project's slug. */
                slug: string;
                /** @description The delivery id, as the service writes it (`dlv_3`: no leading zeros). */
                deliveryId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The delivery, due again. */
            202: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The delivery, due again now. */
                        id: string;
                    };
                };
            };
            /** @description Error. Codes: `bad_request`: The request is malformed. `validation_failed`: The request has missing or invalid values. */
            400: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `not_signed_in`: Sign in first: this needs a session (POST /api/v1/session). */
            401: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `csrf_failed`: The X-CSRF-Token header is missing or does not match the session. Send the csrfToken given at sign-in. `insufficient_role`: Your role in this project does not allow this: the message names the role needed and yours. Ask one of the project's owners or admins. `second_factor_setup_required`: This service requires a second factor: set up an authenticator app or a passkey first (POST /api/v1/me/totp or /api/v1/me/passkeys/options). */
            403: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `not_found`: The requested resource could not be found. */
            404: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error `method_not_allowed`: the path does not support this method; `Allow` lists those it does. */
            405: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    /** @description The methods the path supports, e.g. `GET, POST`. */
                    Allow: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error `request_timeout`: the request was not received in time; the connection is closed. */
            408: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error `payload_too_large`: the body is larger than the operation accepts. */
            413: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error `unsupported_media_type`: the body is not in a media type the operation accepts. */
            415: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error `request_header_fields_too_large`: the header section is over the server's limit (16 KiB by default); the connection is closed. */
            431: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `internal_error`: An unexpected error occurred. */
            500: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `service_unavailable`: The service is temporarily unavailable. Retry shortly. */
            503: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getUsage: {
        parameters: {
            query?: {
                /** @description `key` adds `byKey`: the requests of each key. */
                by?: "key";
                /** @description The environment (default `production`): staging's requests are counted apart, against the same plan's limits. */
                environment?: "production" | "staging";
            };
            header?: never;
            path: {
                /** @description The project's slug. */
                slug: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The usage. */
            200: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The project's slug. */
                        project: string;
                        environment: components["schemas"]["Environment"];
                        quota: components["schemas"]["Quota"];
                        /** @description The last 60 minutes, oldest first, the current minute last; compare with `quota.perMinute`. */
                        perMinute: {
                            /**
                             * Format: date-time
                             * @description The start of the minute (UTC).
                             */
                            start: string;
                            /**
                             * Format: int64
                             * @description API requests in that minute, whatever their answer.
                             */
                            requests: number;
                        }[];
                        /** @description The last 30 days (UTC), oldest first, today last; compare with `quota.perDay`. */
                        perDay: {
                            /**
                             * Format: date-time
                             * @description The start of the day (UTC).
                             */
                            start: string;
                            /**
                             * Format: int64
                             * @description API requests in that day, whatever their answer.
                             */
                            requests: number;
                        }[];
                        /** @description With `by=key`: each key that made requests in the last 30 days, the busiest first. */
                        byKey?: {
                            /** @description The key id. */
                            keyId: string;
                            /** @description The key's label; null without one. */
                            name: string | null;
                            /** @description The first characters of the secret. */
                            hint: string | null;
                            /**
                             * Format: int64
                             * @description Requests with this key today (UTC).
                             */
                            today: number;
                            /**
                             * Format: int64
                             * @description Requests with this key in the last 30 days (UTC), today included.
                             */
                            last30Days: number;
                        }[];
                    };
                };
            };
            /** @description Error. Codes: `bad_request`: The request is malformed. `validation_failed`: The request has missing or invalid values. */
            400: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `not_signed_in`: Sign in first: this needs a session (POST /api/v1/session). */
            401: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `insufficient_role`: Your role in this project does not allow this: the message names the role needed and yours. Ask one of the project's owners or admins. `second_factor_setup_required`: This service requires a second factor: set up an authenticator app or a passkey first (POST /api/v1/me/totp or /api/v1/me/passkeys/options). */
            403: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `not_found`: The requested resource could not be found. */
            404: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error `method_not_allowed`: the path does not support this method; `Allow` lists those it does. */
            405: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    /** @description The methods the path supports, e.g. `GET, POST`. */
                    Allow: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error `request_timeout`: the request was not received in time; the connection is closed. */
            408: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error `request_header_fields_too_large`: the header section is over the server's limit (16 KiB by default); the connection is closed. */
            431: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `internal_error`: An unexpected error occurred. */
            500: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `service_unavailable`: The service is temporarily unavailable. Retry shortly. */
            503: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getDeprecations: {
        parameters: {
            query?: {
                /** @description The environment (default `production`). */
                environment?: "production" | "staging";
            };
            header?: never;
            path: {
                /** @description The project's slug. */
                slug: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The deprecated operations and their callers. */
            200: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Every deprecated operation of the contract, whether or not the project calls it. */
                        operations: {
                            /** @description The operationId in the `/v1` contract, e.g. `getPet`. */
                            operation: string;
                            /** @description The HTTP method, e.g. `GET`. */
                            method: string;
                            /** @description The path as the contract writes it, in the environment asked for: `/v1/pets/{petId}`, `/staging/v1/pets/{petId}`. */
                            path: string;
                            /**
                             * Format: date-time
                             * @description Since when it is deprecated (its `Deprecation` header).
                             */
                            deprecatedAt: string;
                            /**
                             * Format: date-time
                             * @description When it is removed (its `Sunset` header): from then on it answers 410 `gone`.
                             */
                            sunset: string;
                            /** @description What to call instead, as its `Link: <…>; rel="successor-version"` names it in that environment, e.g. `/v1/pets`. */
                            successor: string;
                            /** @description The project's keys that called it in the last 30 days, the busiest first; empty when none did. */
                            callers: {
                                /** @description The key id. */
                                keyId: string;
                                /** @description The key's label; null without one. */
                                name: string | null;
                                /** @description The first characters of the secret (`psk_AbCd…`), as the key list shows them; null once the key is gone. */
                                hint: string | null;
                                /**
                                 * Format: int64
                                 * @description Calls of the operation with this key in the last 30 days (UTC), today included, whatever their answer.
                                 */
                                calls30d: number;
                                /**
                                 * Format: date-time
                                 * @description The last of those calls.
                                 */
                                lastCalledAt: string;
                            }[];
                        }[];
                    };
                };
            };
            /** @description Error. Codes: `bad_request`: The request is malformed. `validation_failed`: The request has missing or invalid values. */
            400: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `not_signed_in`: Sign in first: this needs a session (POST /api/v1/session). */
            401: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `insufficient_role`: Your role in this project does not allow this: the message names the role needed and yours. Ask one of the project's owners or admins. `second_factor_setup_required`: This service requires a second factor: set up an authenticator app or a passkey first (POST /api/v1/me/totp or /api/v1/me/passkeys/options). */
            403: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `not_found`: The requested resource could not be found. */
            404: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error `method_not_allowed`: the path does not support this method; `Allow` lists those it does. */
            405: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    /** @description The methods the path supports, e.g. `GET, POST`. */
                    Allow: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error `request_timeout`: the request was not received in time; the connection is closed. */
            408: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error `request_header_fields_too_large`: the header section is over the server's limit (16 KiB by default); the connection is closed. */
            431: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `internal_error`: An unexpected error occurred. */
            500: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `service_unavailable`: The service is temporarily unavailable. Retry shortly. */
            503: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listRequests: {
        parameters: {
            query?: {
                /** @description A status class (`2xx`, `4xx`, `5xx`) or one status (`429`). */
                status?: string;
                /** @description Requests made with this key. */
                keyId?: string;
                /** @description Requests of this operation (`createPet`). */
                operation?: string;
                /** @description The request with this `X-Request-Id`. */
                requestId?: string;
                /** @description Requests per page (1-100, default 50). */
                limit?: number;
                /** @description Opaque position from the `Link: <…>; rel="next"` header of the previous page, valid for the same listing, project and filter only. Do not build or alter it: a cursor this service did not issue for the listing is a 400 `invalid_cursor`. */
                cursor?: string;
                /** @description The environment whose requests are listed (default `production`). */
                environment?: "production" | "staging";
            };
            header?: never;
            path: {
                /** @description The project's slug. */
                slug: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of the request log. */
            200: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    /** @description `<…>; rel="next"` when older requests follow. */
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LoggedRequest"][];
                };
            };
            /** @description Error. Codes: `bad_request`: The request is malformed. `validation_failed`: The request has missing or invalid values. `invalid_cursor`: The cursor was not issued by this service for this listing. Use the one from the Link header of the previous page. */
            400: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `not_signed_in`: Sign in first: this needs a session (POST /api/v1/session). `invalid_token`: The access token is missing, unknown, expired or revoked. */
            401: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `insufficient_role`: Your role in this project does not allow this: the message names the role needed and yours. Ask one of the project's owners or admins. `second_factor_setup_required`: This service requires a second factor: set up an authenticator app or a passkey first (POST /api/v1/me/totp or /api/v1/me/passkeys/options). */
            403: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `not_found`: The requested resource could not be found. */
            404: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error `method_not_allowed`: the path does not support this method; `Allow` lists those it does. */
            405: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    /** @description The methods the path supports, e.g. `GET, POST`. */
                    Allow: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error `request_timeout`: the request was not received in time; the connection is closed. */
            408: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error `request_header_fields_too_large`: the header section is over the server's limit (16 KiB by default); the connection is closed. */
            431: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `internal_error`: An unexpected error occurred. */
            500: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `service_unavailable`: The service is temporarily unavailable. Retry shortly. */
            503: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    resetStaging: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The project's slug. */
                slug: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The staging environment, emptied. */
            200: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StagingReset"];
                };
            };
            /** @description Error. Codes: `bad_request`: The request is malformed. `validation_failed`: The request has missing or invalid values. */
            400: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `not_signed_in`: Sign in first: this needs a session (POST /api/v1/session). `invalid_token`: The access token is missing, unknown, expired or revoked. */
            401: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `csrf_failed`: The X-CSRF-Token header is missing or does not match the session. Send the csrfToken given at sign-in. `insufficient_scope`: This key or access token is read-only: a write one is needed to change anything. `insufficient_role`: Your role in this project does not allow this: the message names the role needed and yours. Ask one of the project's owners or admins. `second_factor_setup_required`: This service requires a second factor: set up an authenticator app or a passkey first (POST /api/v1/me/totp or /api/v1/me/passkeys/options). */
            403: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `not_found`: The requested resource could not be found. */
            404: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error `method_not_allowed`: the path does not support this method; `Allow` lists those it does. */
            405: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    /** @description The methods the path supports, e.g. `GET, POST`. */
                    Allow: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error `request_timeout`: the request was not received in time; the connection is closed. */
            408: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error `payload_too_large`: the body is larger than the operation accepts. */
            413: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error `unsupported_media_type`: the body is not in a media type the operation accepts. */
            415: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error `request_header_fields_too_large`: the header section is over the server's limit (16 KiB by default); the connection is closed. */
            431: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `internal_error`: An unexpected error occurred. */
            500: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `service_unavailable`: The service is temporarily unavailable. Retry shortly. */
            503: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    copyPetsToStaging: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The project's slug. */
                slug: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The copy. */
            200: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StagingCopy"];
                };
            };
            /** @description Error. Codes: `bad_request`: The request is malformed. `validation_failed`: The request has missing or invalid values. */
            400: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `not_signed_in`: Sign in first: this needs a session (POST /api/v1/session). `invalid_token`: The access token is missing, unknown, expired or revoked. */
            401: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `csrf_failed`: The X-CSRF-Token header is missing or does not match the session. Send the csrfToken given at sign-in. `insufficient_scope`: This key or access token is read-only: a write one is needed to change anything. `insufficient_role`: Your role in this project does not allow this: the message names the role needed and yours. Ask one of the project's owners or admins. `second_factor_setup_required`: This service requires a second factor: set up an authenticator app or a passkey first (POST /api/v1/me/totp or /api/v1/me/passkeys/options). */
            403: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `not_found`: The requested resource could not be found. */
            404: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error `method_not_allowed`: the path does not support this method; `Allow` lists those it does. */
            405: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    /** @description The methods the path supports, e.g. `GET, POST`. */
                    Allow: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error `request_timeout`: the request was not received in time; the connection is closed. */
            408: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `staging_not_empty`: The project's staging environment already has pets or orders: reset it first (POST …/staging/reset). */
            409: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error `payload_too_large`: the body is larger than the operation accepts. */
            413: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error `unsupported_media_type`: the body is not in a media type the operation accepts. */
            415: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error `request_header_fields_too_large`: the header section is over the server's limit (16 KiB by default); the connection is closed. */
            431: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `internal_error`: An unexpected error occurred. */
            500: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `service_unavailable`: The service is temporarily unavailable. Retry shortly. */
            503: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
}
