// Generated from docs/openapi.json by openapi-typescript. Do not edit: run `npm run generate -w @petstore/client`.

export interface paths {
    "/pets": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List animals
         * @description Lists the animals of the caller's project in ascending `id`, optionally filtered by `status`. When more animals follow, the response has a `Link: <…>; rel="next"` header whose URL (keeping `limit` and `status`) fetches the next page. A page costs the same at any depth.
         */
        get: operations["listPets"];
        put?: never;
        /**
         * Add an animal
         * @description Adds an animal to the caller's project. `status` defaults to `available`. A 201 is sent only once the animal is durably stored. Send an `Idempotency-Key` to retry safely.
         */
        post: operations["createPet"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/pets/{petId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get an animal (deprecated)
         * @deprecated
         * @description Deprecated: removed on Thu, 05 Dec 2030 00:00:00 GMT, after which it answers 410 `gone`. Use `GET /pets` with the `status` filter instead. Every response carries `Deprecation`, `Sunset` and `Link: </v1/pets>; rel="successor-version"`. An id of another project answers 404.
         */
        get: operations["getPet"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/store/orders": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List store orders
         * @description Lists the store orders of the caller's project in ascending `id`, optionally only those in one `status`, paged like `listPets`: when more follow, the `Link: <…>; rel="next"` header (keeping `limit` and `status`) fetches the next page. Beta: the order flow may gain fields before it is stable.
         */
        get: operations["listOrders"];
        put?: never;
        /**
         * Place an order for an animal
         * @description Orders an `available` animal of the caller's project; in the same transaction the animal becomes `pending`. Of many concurrent orders for one animal exactly one is placed; the others answer 409 `pet_not_available`. A 201 is sent only once the order is durably stored. Send an `Idempotency-Key` to retry safely (a replay returns the order as it is now). Beta: the order flow may gain fields before it is stable.
         */
        post: operations["placeOrder"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/store/orders/{orderId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get an order
         * @description An order of the caller's project; an id of another project answers 404. Beta: the order flow may gain fields before it is stable.
         */
        get: operations["getOrder"];
        put?: never;
        post?: never;
        /**
         * Cancel an order
         * @description Cancels a `placed` or `approved` order: it becomes `cancelled` and its animal `available` again. The order is kept (answered 200 with it) so it can still be read and listed. A delivered or already cancelled order answers 409 `invalid_transition`. Beta: the order flow may gain fields before it is stable.
         */
        delete: operations["cancelOrder"];
        options?: never;
        head?: never;
        /**
         * Approve or deliver an order
         * @description Moves an order forward: `placed` → `approved` → `delivered` (the animal becomes `sold` and the order `complete`). Cancel with DELETE. Any other move answers 409 `invalid_transition`, naming the order's current status; the check and the change are one conditional update, so of two concurrent changes at most one applies. Beta: the order flow may gain fields before it is stable.
         */
        patch: operations["updateOrder"];
        trace?: never;
    };
    "/store/inventory": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Count animals by status
         * @description How many of the project's animals are `available`, `pending` and `sold`: the same counts as listing them with each `status` filter. Beta: the order flow may gain fields before it is stable.
         */
        get: operations["getInventory"];
        put?: never;
        post?: never;
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
        /** @description An animal of the store. */
        Pet: {
            /**
             * Format: int64
             * @description Unique identifier assigned by the service on creation. An int64, exact over the whole signed 64-bit range. Standard JSON parsers (JavaScript `JSON.parse`, and clients built on it) round values above 2^53 − 1 (9007199254740991) without error; the typed SDK `@petstore/client` reads and sends them exactly, as `bigint`.
             * @example 1
             */
            id: number;
            /**
             * @description The animal's name: 1 to 200 Unicode code points after NFC normalisation, not only whitespace, without U+0000. Stored and returned in NFC.
             * @example Rex
             */
            name: string;
            /**
             * Format: int64
             * @description Identifier of the category the animal belongs to. An int64, exact over the whole signed 64-bit range. Standard JSON parsers (JavaScript `JSON.parse`, and clients built on it) round values above 2^53 − 1 (9007199254740991) without error; the typed SDK `@petstore/client` reads and sends them exactly, as `bigint`.
             * @example 7
             */
            categoryId: number;
            status: components["schemas"]["PetStatus"];
        };
        /** @description The body of createPet. Unknown fields, including `id`, are rejected. */
        NewPet: {
            /**
             * @description The animal's name: 1 to 200 Unicode code points after NFC normalisation, not only whitespace, without U+0000. Stored and returned in NFC.
             * @example Rex
             */
            name: string;
            /**
             * Format: int64
             * @description Identifier of the category the animal belongs to. An int64, exact over the whole signed 64-bit range. Standard JSON parsers (JavaScript `JSON.parse`, and clients built on it) round values above 2^53 − 1 (9007199254740991) without error; the typed SDK `@petstore/client` reads and sends them exactly, as `bigint`.
             * @example 7
             */
            categoryId: number;
            /** @description Availability of the animal. When omitted, the animal is created `available`. */
            status?: components["schemas"]["PetStatus"];
        };
        /**
         * @description Availability of the animal.
         * @enum {string}
         */
        PetStatus: "available" | "pending" | "sold";
        /** @description The body of every error response. */
        Error: {
            /** @description Machine-readable error code, one of a closed, documented set. */
            code: "bad_request" | "malformed_json" | "validation_failed" | "invalid_cursor" | "unauthorized" | "wrong_environment" | "insufficient_scope" | "not_found" | "pet_not_found" | "method_not_allowed" | "request_timeout" | "idempotency_key_in_use" | "pet_not_available" | "invalid_transition" | "gone" | "payload_too_large" | "unsupported_media_type" | "expectation_failed" | "idempotency_key_reused" | "misdirected_request" | "rate_limited" | "api_key_banned" | "request_header_fields_too_large" | "internal_error" | "service_unavailable";
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
        /** @description A store order. Beta: fields may be added before the order operations are stable. */
        Order: {
            /**
             * Format: int64
             * @description Order identifier, numbered per project (1, 2, 3, …). An int64, exact over the whole signed 64-bit range. Standard JSON parsers (JavaScript `JSON.parse`, and clients built on it) round values above 2^53 − 1 (9007199254740991) without error; the typed SDK `@petstore/client` reads and sends them exactly, as `bigint`.
             * @example 1
             */
            id: number;
            /**
             * Format: int64
             * @description The animal ordered. An int64, exact over the whole signed 64-bit range. Standard JSON parsers (JavaScript `JSON.parse`, and clients built on it) round values above 2^53 − 1 (9007199254740991) without error; the typed SDK `@petstore/client` reads and sends them exactly, as `bigint`.
             * @example 1
             */
            petId: number;
            /**
             * Format: int32
             * @example 1
             */
            quantity: number;
            status: components["schemas"]["OrderStatus"];
            /** @description `true` once the order is delivered. */
            complete: boolean;
            /**
             * Format: date-time
             * @example 2026-11-24T12:00:00.000Z
             */
            createdAt: string;
        };
        /**
         * @description placed → approved → delivered; placed or approved → cancelled. The animal is `pending` while its order is placed or approved, `sold` once delivered, `available` again once cancelled.
         * @enum {string}
         */
        OrderStatus: "placed" | "approved" | "delivered" | "cancelled";
        /** @description The body of placeOrder. Unknown fields are rejected. */
        NewOrder: {
            /**
             * Format: int64
             * @description The animal to order; it must be `available`. An int64, exact over the whole signed 64-bit range. Standard JSON parsers (JavaScript `JSON.parse`, and clients built on it) round values above 2^53 − 1 (9007199254740991) without error; the typed SDK `@petstore/client` reads and sends them exactly, as `bigint`.
             * @example 1
             */
            petId: number;
            /**
             * Format: int32
             * @description How many (1–100). When omitted, 1.
             * @example 1
             */
            quantity?: number;
        };
        /** @description The body of updateOrder. */
        OrderUpdate: {
            /**
             * @description `approved` (from `placed`) or `delivered` (from `approved`; the animal becomes `sold`). Cancel with DELETE.
             * @example approved
             * @enum {string}
             */
            status: "approved" | "delivered";
        };
        /** @description How many of the project's animals are in each status; the same counts as listPets with each `status` filter. */
        Inventory: {
            /**
             * Format: int64
             * @description How many animals are `available`. An int64, exact over the whole signed 64-bit range. Standard JSON parsers (JavaScript `JSON.parse`, and clients built on it) round values above 2^53 − 1 (9007199254740991) without error; the typed SDK `@petstore/client` reads and sends them exactly, as `bigint`.
             * @example 12
             */
            available: number;
            /**
             * Format: int64
             * @description How many animals are `pending`. An int64, exact over the whole signed 64-bit range. Standard JSON parsers (JavaScript `JSON.parse`, and clients built on it) round values above 2^53 − 1 (9007199254740991) without error; the typed SDK `@petstore/client` reads and sends them exactly, as `bigint`.
             * @example 2
             */
            pending: number;
            /**
             * Format: int64
             * @description How many animals are `sold`. An int64, exact over the whole signed 64-bit range. Standard JSON parsers (JavaScript `JSON.parse`, and clients built on it) round values above 2^53 − 1 (9007199254740991) without error; the typed SDK `@petstore/client` reads and sends them exactly, as `bigint`.
             * @example 5
             */
            sold: number;
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
    listPets: {
        parameters: {
            query?: {
                /** @description Maximum number of items returned (1–100, default 20). */
                limit?: number;
                /** @description Availability of the animal. */
                status?: "available" | "pending" | "sold";
                /** @description Opaque position from the `Link: <…>; rel="next"` header of the previous page, valid for the same listing, project and filter only. Do not build or alter it: a cursor this service did not issue for the listing is a 400 `invalid_cursor`. */
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of animals. */
            200: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    /** @description Requests allowed in the window with the fewest requests remaining (the minute or the day window of the plan). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests still allowed in that window after this one. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that window ends, in Unix seconds (UTC). Minute windows start at second :00, day windows at 00:00 UTC. */
                    "X-RateLimit-Reset": number;
                    /** @description The quota policies (IETF RateLimit header fields): `q` requests per `w` seconds. */
                    "RateLimit-Policy": string;
                    /** @description The policy closest to exhaustion (IETF RateLimit header fields): `r` requests remaining, `t` seconds until it resets. */
                    RateLimit: string;
                    /** @description `<…>; rel="next"` when another page follows (RFC 8288). */
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Pet"][];
                };
            };
            /** @description Error. Codes: `validation_failed`: The request has missing or invalid values. `invalid_cursor`: The cursor was not issued by this service for this listing. Use the one from the Link header of the previous page. */
            400: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    /** @description Requests allowed in the window with the fewest requests remaining (the minute or the day window of the plan). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests still allowed in that window after this one. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that window ends, in Unix seconds (UTC). Minute windows start at second :00, day windows at 00:00 UTC. */
                    "X-RateLimit-Reset": number;
                    /** @description The quota policies (IETF RateLimit header fields): `q` requests per `w` seconds. */
                    "RateLimit-Policy": string;
                    /** @description The policy closest to exhaustion (IETF RateLimit header fields): `r` requests remaining, `t` seconds until it resets. */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `unauthorized`: A valid API key is required. Send it as "Authorization: Bearer <API_KEY>". `wrong_environment`: This API key belongs to the other environment: send it to that environment's base URL. */
            401: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    /** @description Requests allowed in the window with the fewest requests remaining (the minute or the day window of the plan). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests still allowed in that window after this one. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that window ends, in Unix seconds (UTC). Minute windows start at second :00, day windows at 00:00 UTC. */
                    "X-RateLimit-Reset": number;
                    /** @description The quota policies (IETF RateLimit header fields): `q` requests per `w` seconds. */
                    "RateLimit-Policy": string;
                    /** @description The policy closest to exhaustion (IETF RateLimit header fields): `r` requests remaining, `t` seconds until it resets. */
                    RateLimit: string;
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
                    /** @description Requests allowed in the window with the fewest requests remaining (the minute or the day window of the plan). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests still allowed in that window after this one. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that window ends, in Unix seconds (UTC). Minute windows start at second :00, day windows at 00:00 UTC. */
                    "X-RateLimit-Reset": number;
                    /** @description The quota policies (IETF RateLimit header fields): `q` requests per `w` seconds. */
                    "RateLimit-Policy": string;
                    /** @description The policy closest to exhaustion (IETF RateLimit header fields): `r` requests remaining, `t` seconds until it resets. */
                    RateLimit: string;
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
            /** @description Error. Codes: `rate_limited`: The rate limit has been exceeded. Retry after the time in Retry-After. `api_key_banned`: This API key is temporarily banned for sending requests while rate limited. */
            429: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    /** @description Requests allowed in the window with the fewest requests remaining (the minute or the day window of the plan). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests still allowed in that window after this one. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that window ends, in Unix seconds (UTC). Minute windows start at second :00, day windows at 00:00 UTC. */
                    "X-RateLimit-Reset": number;
                    /** @description The quota policies (IETF RateLimit header fields): `q` requests per `w` seconds. */
                    "RateLimit-Policy": string;
                    /** @description The policy closest to exhaustion (IETF RateLimit header fields): `r` requests remaining, `t` seconds until it resets. */
                    RateLimit: string;
                    /** @description Whole seconds (at least 1) to wait before sending again: until the window resets (`rate_limited`) or the ban ends (`api_key_banned`). */
                    "Retry-After": number;
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
                    /** @description Requests allowed in the window with the fewest requests remaining (the minute or the day window of the plan). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests still allowed in that window after this one. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that window ends, in Unix seconds (UTC). Minute windows start at second :00, day windows at 00:00 UTC. */
                    "X-RateLimit-Reset": number;
                    /** @description The quota policies (IETF RateLimit header fields): `q` requests per `w` seconds. */
                    "RateLimit-Policy": string;
                    /** @description The policy closest to exhaustion (IETF RateLimit header fields): `r` requests remaining, `t` seconds until it resets. */
                    RateLimit: string;
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
                    /** @description Requests allowed in the window with the fewest requests remaining (the minute or the day window of the plan). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests still allowed in that window after this one. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that window ends, in Unix seconds (UTC). Minute windows start at second :00, day windows at 00:00 UTC. */
                    "X-RateLimit-Reset": number;
                    /** @description The quota policies (IETF RateLimit header fields): `q` requests per `w` seconds. */
                    "RateLimit-Policy": string;
                    /** @description The policy closest to exhaustion (IETF RateLimit header fields): `r` requests remaining, `t` seconds until it resets. */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createPet: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key and an equivalent body within 24 hours replays the first response with `Idempotent-Replayed: true`. 1–255 printable ASCII characters, scoped to the project. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["NewPet"];
            };
        };
        responses: {
            /** @description The created animal, with its assigned `id`. */
            201: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    /** @description Requests allowed in the window with the fewest requests remaining (the minute or the day window of the plan). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests still allowed in that window after this one. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that window ends, in Unix seconds (UTC). Minute windows start at second :00, day windows at 00:00 UTC. */
                    "X-RateLimit-Reset": number;
                    /** @description The quota policies (IETF RateLimit header fields): `q` requests per `w` seconds. */
                    "RateLimit-Policy": string;
                    /** @description The policy closest to exhaustion (IETF RateLimit header fields): `r` requests remaining, `t` seconds until it resets. */
                    RateLimit: string;
                    /** @description The URL of the created animal. */
                    Location?: string;
                    /** @description `true` when this response replays an earlier request with the same `Idempotency-Key`. */
                    "Idempotent-Replayed"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Pet"];
                };
            };
            /** @description Error. Codes: `malformed_json`: The request body is not valid JSON. `validation_failed`: The request has missing or invalid values. */
            400: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    /** @description Requests allowed in the window with the fewest requests remaining (the minute or the day window of the plan). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests still allowed in that window after this one. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that window ends, in Unix seconds (UTC). Minute windows start at second :00, day windows at 00:00 UTC. */
                    "X-RateLimit-Reset": number;
                    /** @description The quota policies (IETF RateLimit header fields): `q` requests per `w` seconds. */
                    "RateLimit-Policy": string;
                    /** @description The policy closest to exhaustion (IETF RateLimit header fields): `r` requests remaining, `t` seconds until it resets. */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `unauthorized`: A valid API key is required. Send it as "Authorization: Bearer <API_KEY>". `wrong_environment`: This API key belongs to the other environment: send it to that environment's base URL. */
            401: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    /** @description Requests allowed in the window with the fewest requests remaining (the minute or the day window of the plan). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests still allowed in that window after this one. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that window ends, in Unix seconds (UTC). Minute windows start at second :00, day windows at 00:00 UTC. */
                    "X-RateLimit-Reset": number;
                    /** @description The quota policies (IETF RateLimit header fields): `q` requests per `w` seconds. */
                    "RateLimit-Policy": string;
                    /** @description The policy closest to exhaustion (IETF RateLimit header fields): `r` requests remaining, `t` seconds until it resets. */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `insufficient_scope`: This key or access token is read-only: a write one is needed to change anything. */
            403: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    /** @description Requests allowed in the window with the fewest requests remaining (the minute or the day window of the plan). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests still allowed in that window after this one. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that window ends, in Unix seconds (UTC). Minute windows start at second :00, day windows at 00:00 UTC. */
                    "X-RateLimit-Reset": number;
                    /** @description The quota policies (IETF RateLimit header fields): `q` requests per `w` seconds. */
                    "RateLimit-Policy": string;
                    /** @description The policy closest to exhaustion (IETF RateLimit header fields): `r` requests remaining, `t` seconds until it resets. */
                    RateLimit: string;
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
                    /** @description Requests allowed in the window with the fewest requests remaining (the minute or the day window of the plan). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests still allowed in that window after this one. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that window ends, in Unix seconds (UTC). Minute windows start at second :00, day windows at 00:00 UTC. */
                    "X-RateLimit-Reset": number;
                    /** @description The quota policies (IETF RateLimit header fields): `q` requests per `w` seconds. */
                    "RateLimit-Policy": string;
                    /** @description The policy closest to exhaustion (IETF RateLimit header fields): `r` requests remaining, `t` seconds until it resets. */
                    RateLimit: string;
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
            /** @description Error. Codes: `idempotency_key_in_use`: A request with this Idempotency-Key is still being processed. Retry later. */
            409: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    /** @description Requests allowed in the window with the fewest requests remaining (the minute or the day window of the plan). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests still allowed in that window after this one. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that window ends, in Unix seconds (UTC). Minute windows start at second :00, day windows at 00:00 UTC. */
                    "X-RateLimit-Reset": number;
                    /** @description The quota policies (IETF RateLimit header fields): `q` requests per `w` seconds. */
                    "RateLimit-Policy": string;
                    /** @description The policy closest to exhaustion (IETF RateLimit header fields): `r` requests remaining, `t` seconds until it resets. */
                    RateLimit: string;
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
                    /** @description Requests allowed in the window with the fewest requests remaining (the minute or the day window of the plan). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests still allowed in that window after this one. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that window ends, in Unix seconds (UTC). Minute windows start at second :00, day windows at 00:00 UTC. */
                    "X-RateLimit-Reset": number;
                    /** @description The quota policies (IETF RateLimit header fields): `q` requests per `w` seconds. */
                    "RateLimit-Policy": string;
                    /** @description The policy closest to exhaustion (IETF RateLimit header fields): `r` requests remaining, `t` seconds until it resets. */
                    RateLimit: string;
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
                    /** @description Requests allowed in the window with the fewest requests remaining (the minute or the day window of the plan). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests still allowed in that window after this one. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that window ends, in Unix seconds (UTC). Minute windows start at second :00, day windows at 00:00 UTC. */
                    "X-RateLimit-Reset": number;
                    /** @description The quota policies (IETF RateLimit header fields): `q` requests per `w` seconds. */
                    "RateLimit-Policy": string;
                    /** @description The policy closest to exhaustion (IETF RateLimit header fields): `r` requests remaining, `t` seconds until it resets. */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `idempotency_key_reused`: This Idempotency-Key was already used with a different request body. */
            422: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    /** @description Requests allowed in the window with the fewest requests remaining (the minute or the day window of the plan). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests still allowed in that window after this one. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that window ends, in Unix seconds (UTC). Minute windows start at second :00, day windows at 00:00 UTC. */
                    "X-RateLimit-Reset": number;
                    /** @description The quota policies (IETF RateLimit header fields): `q` requests per `w` seconds. */
                    "RateLimit-Policy": string;
                    /** @description The policy closest to exhaustion (IETF RateLimit header fields): `r` requests remaining, `t` seconds until it resets. */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `rate_limited`: The rate limit has been exceeded. Retry after the time in Retry-After. `api_key_banned`: This API key is temporarily banned for sending requests while rate limited. */
            429: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    /** @description Requests allowed in the window with the fewest requests remaining (the minute or the day window of the plan). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests still allowed in that window after this one. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that window ends, in Unix seconds (UTC). Minute windows start at second :00, day windows at 00:00 UTC. */
                    "X-RateLimit-Reset": number;
                    /** @description The quota policies (IETF RateLimit header fields): `q` requests per `w` seconds. */
                    "RateLimit-Policy": string;
                    /** @description The policy closest to exhaustion (IETF RateLimit header fields): `r` requests remaining, `t` seconds until it resets. */
                    RateLimit: string;
                    /** @description Whole seconds (at least 1) to wait before sending again: until the window resets (`rate_limited`) or the ban ends (`api_key_banned`). */
                    "Retry-After": number;
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
                    /** @description Requests allowed in the window with the fewest requests remaining (the minute or the day window of the plan). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests still allowed in that window after this one. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that window ends, in Unix seconds (UTC). Minute windows start at second :00, day windows at 00:00 UTC. */
                    "X-RateLimit-Reset": number;
                    /** @description The quota policies (IETF RateLimit header fields): `q` requests per `w` seconds. */
                    "RateLimit-Policy": string;
                    /** @description The policy closest to exhaustion (IETF RateLimit header fields): `r` requests remaining, `t` seconds until it resets. */
                    RateLimit: string;
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
                    /** @description Requests allowed in the window with the fewest requests remaining (the minute or the day window of the plan). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests still allowed in that window after this one. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that window ends, in Unix seconds (UTC). Minute windows start at second :00, day windows at 00:00 UTC. */
                    "X-RateLimit-Reset": number;
                    /** @description The quota policies (IETF RateLimit header fields): `q` requests per `w` seconds. */
                    "RateLimit-Policy": string;
                    /** @description The policy closest to exhaustion (IETF RateLimit header fields): `r` requests remaining, `t` seconds until it resets. */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getPet: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The animal identifier. An int64, exact over the whole signed 64-bit range. Standard JSON parsers (JavaScript `JSON.parse`, and clients built on it) round values above 2^53 − 1 (9007199254740991) without error; the typed SDK `@petstore/client` reads and sends them exactly, as `bigint`. */
                petId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The animal. */
            200: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    /** @description Requests allowed in the window with the fewest requests remaining (the minute or the day window of the plan). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests still allowed in that window after this one. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that window ends, in Unix seconds (UTC). Minute windows start at second :00, day windows at 00:00 UTC. */
                    "X-RateLimit-Reset": number;
                    /** @description The quota policies (IETF RateLimit header fields): `q` requests per `w` seconds. */
                    "RateLimit-Policy": string;
                    /** @description The policy closest to exhaustion (IETF RateLimit header fields): `r` requests remaining, `t` seconds until it resets. */
                    RateLimit: string;
                    /** @description RFC 9745 deprecation date, e.g. `@1793491200`. */
                    Deprecation?: string;
                    /** @description RFC 8594: `Thu, 05 Dec 2030 00:00:00 GMT`. */
                    Sunset?: string;
                    /** @description `</v1/pets>; rel="successor-version"`. */
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Pet"];
                };
            };
            /** @description Error. Codes: `validation_failed`: The request has missing or invalid values. */
            400: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    /** @description Requests allowed in the window with the fewest requests remaining (the minute or the day window of the plan). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests still allowed in that window after this one. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that window ends, in Unix seconds (UTC). Minute windows start at second :00, day windows at 00:00 UTC. */
                    "X-RateLimit-Reset": number;
                    /** @description The quota policies (IETF RateLimit header fields): `q` requests per `w` seconds. */
                    "RateLimit-Policy": string;
                    /** @description The policy closest to exhaustion (IETF RateLimit header fields): `r` requests remaining, `t` seconds until it resets. */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `unauthorized`: A valid API key is required. Send it as "Authorization: Bearer <API_KEY>". `wrong_environment`: This API key belongs to the other environment: send it to that environment's base URL. */
            401: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    /** @description Requests allowed in the window with the fewest requests remaining (the minute or the day window of the plan). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests still allowed in that window after this one. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that window ends, in Unix seconds (UTC). Minute windows start at second :00, day windows at 00:00 UTC. */
                    "X-RateLimit-Reset": number;
                    /** @description The quota policies (IETF RateLimit header fields): `q` requests per `w` seconds. */
                    "RateLimit-Policy": string;
                    /** @description The policy closest to exhaustion (IETF RateLimit header fields): `r` requests remaining, `t` seconds until it resets. */
                    RateLimit: string;
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
                    /** @description Requests allowed in the window with the fewest requests remaining (the minute or the day window of the plan). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests still allowed in that window after this one. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that window ends, in Unix seconds (UTC). Minute windows start at second :00, day windows at 00:00 UTC. */
                    "X-RateLimit-Reset": number;
                    /** @description The quota policies (IETF RateLimit header fields): `q` requests per `w` seconds. */
                    "RateLimit-Policy": string;
                    /** @description The policy closest to exhaustion (IETF RateLimit header fields): `r` requests remaining, `t` seconds until it resets. */
                    RateLimit: string;
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
                    /** @description Requests allowed in the window with the fewest requests remaining (the minute or the day window of the plan). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests still allowed in that window after this one. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that window ends, in Unix seconds (UTC). Minute windows start at second :00, day windows at 00:00 UTC. */
                    "X-RateLimit-Reset": number;
                    /** @description The quota policies (IETF RateLimit header fields): `q` requests per `w` seconds. */
                    "RateLimit-Policy": string;
                    /** @description The policy closest to exhaustion (IETF RateLimit header fields): `r` requests remaining, `t` seconds until it resets. */
                    RateLimit: string;
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
            /** @description Error. Codes: `gone`: This operation has been removed. */
            410: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    /** @description Requests allowed in the window with the fewest requests remaining (the minute or the day window of the plan). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests still allowed in that window after this one. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that window ends, in Unix seconds (UTC). Minute windows start at second :00, day windows at 00:00 UTC. */
                    "X-RateLimit-Reset": number;
                    /** @description The quota policies (IETF RateLimit header fields): `q` requests per `w` seconds. */
                    "RateLimit-Policy": string;
                    /** @description The policy closest to exhaustion (IETF RateLimit header fields): `r` requests remaining, `t` seconds until it resets. */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `rate_limited`: The rate limit has been exceeded. Retry after the time in Retry-After. `api_key_banned`: This API key is temporarily banned for sending requests while rate limited. */
            429: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    /** @description Requests allowed in the window with the fewest requests remaining (the minute or the day window of the plan). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests still allowed in that window after this one. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that window ends, in Unix seconds (UTC). Minute windows start at second :00, day windows at 00:00 UTC. */
                    "X-RateLimit-Reset": number;
                    /** @description The quota policies (IETF RateLimit header fields): `q` requests per `w` seconds. */
                    "RateLimit-Policy": string;
                    /** @description The policy closest to exhaustion (IETF RateLimit header fields): `r` requests remaining, `t` seconds until it resets. */
                    RateLimit: string;
                    /** @description Whole seconds (at least 1) to wait before sending again: until the window resets (`rate_limited`) or the ban ends (`api_key_banned`). */
                    "Retry-After": number;
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
                    /** @description Requests allowed in the window with the fewest requests remaining (the minute or the day window of the plan). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests still allowed in that window after this one. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that window ends, in Unix seconds (UTC). Minute windows start at second :00, day windows at 00:00 UTC. */
                    "X-RateLimit-Reset": number;
                    /** @description The quota policies (IETF RateLimit header fields): `q` requests per `w` seconds. */
                    "RateLimit-Policy": string;
                    /** @description The policy closest to exhaustion (IETF RateLimit header fields): `r` requests remaining, `t` seconds until it resets. */
                    RateLimit: string;
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
                    /** @description Requests allowed in the window with the fewest requests remaining (the minute or the day window of the plan). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests still allowed in that window after this one. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that window ends, in Unix seconds (UTC). Minute windows start at second :00, day windows at 00:00 UTC. */
                    "X-RateLimit-Reset": number;
                    /** @description The quota policies (IETF RateLimit header fields): `q` requests per `w` seconds. */
                    "RateLimit-Policy": string;
                    /** @description The policy closest to exhaustion (IETF RateLimit header fields): `r` requests remaining, `t` seconds until it resets. */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listOrders: {
        parameters: {
            query?: {
                /** @description Maximum number of items returned (1–100, default 20). */
                limit?: number;
                /** @description placed → approved → delivered; placed or approved → cancelled. The animal is `pending` while its order is placed or approved, `sold` once delivered, `available` again once cancelled. */
                status?: "placed" | "approved" | "delivered" | "cancelled";
                /** @description Opaque position from the `Link: <…>; rel="next"` header of the previous page, valid for the same listing, project and filter only. Do not build or alter it: a cursor this service did not issue for the listing is a 400 `invalid_cursor`. */
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of orders. */
            200: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    /** @description Requests allowed in the window with the fewest requests remaining (the minute or the day window of the plan). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests still allowed in that window after this one. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that window ends, in Unix seconds (UTC). Minute windows start at second :00, day windows at 00:00 UTC. */
                    "X-RateLimit-Reset": number;
                    /** @description The quota policies (IETF RateLimit header fields): `q` requests per `w` seconds. */
                    "RateLimit-Policy": string;
                    /** @description The policy closest to exhaustion (IETF RateLimit header fields): `r` requests remaining, `t` seconds until it resets. */
                    RateLimit: string;
                    /** @description `<…>; rel="next"` when another page follows (RFC 8288). */
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Order"][];
                };
            };
            /** @description Error. Codes: `validation_failed`: The request has missing or invalid values. `invalid_cursor`: The cursor was not issued by this service for this listing. Use the one from the Link header of the previous page. */
            400: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    /** @description Requests allowed in the window with the fewest requests remaining (the minute or the day window of the plan). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests still allowed in that window after this one. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that window ends, in Unix seconds (UTC). Minute windows start at second :00, day windows at 00:00 UTC. */
                    "X-RateLimit-Reset": number;
                    /** @description The quota policies (IETF RateLimit header fields): `q` requests per `w` seconds. */
                    "RateLimit-Policy": string;
                    /** @description The policy closest to exhaustion (IETF RateLimit header fields): `r` requests remaining, `t` seconds until it resets. */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `unauthorized`: A valid API key is required. Send it as "Authorization: Bearer <API_KEY>". `wrong_environment`: This API key belongs to the other environment: send it to that environment's base URL. */
            401: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    /** @description Requests allowed in the window with the fewest requests remaining (the minute or the day window of the plan). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests still allowed in that window after this one. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that window ends, in Unix seconds (UTC). Minute windows start at second :00, day windows at 00:00 UTC. */
                    "X-RateLimit-Reset": number;
                    /** @description The quota policies (IETF RateLimit header fields): `q` requests per `w` seconds. */
                    "RateLimit-Policy": string;
                    /** @description The policy closest to exhaustion (IETF RateLimit header fields): `r` requests remaining, `t` seconds until it resets. */
                    RateLimit: string;
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
                    /** @description Requests allowed in the window with the fewest requests remaining (the minute or the day window of the plan). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests still allowed in that window after this one. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that window ends, in Unix seconds (UTC). Minute windows start at second :00, day windows at 00:00 UTC. */
                    "X-RateLimit-Reset": number;
                    /** @description The quota policies (IETF RateLimit header fields): `q` requests per `w` seconds. */
                    "RateLimit-Policy": string;
                    /** @description The policy closest to exhaustion (IETF RateLimit header fields): `r` requests remaining, `t` seconds until it resets. */
                    RateLimit: string;
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
            /** @description Error. Codes: `rate_limited`: The rate limit has been exceeded. Retry after the time in Retry-After. `api_key_banned`: This API key is temporarily banned for sending requests while rate limited. */
            429: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    /** @description Requests allowed in the window with the fewest requests remaining (the minute or the day window of the plan). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests still allowed in that window after this one. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that window ends, in Unix seconds (UTC). Minute windows start at second :00, day windows at 00:00 UTC. */
                    "X-RateLimit-Reset": number;
                    /** @description The quota policies (IETF RateLimit header fields): `q` requests per `w` seconds. */
                    "RateLimit-Policy": string;
                    /** @description The policy closest to exhaustion (IETF RateLimit header fields): `r` requests remaining, `t` seconds until it resets. */
                    RateLimit: string;
                    /** @description Whole seconds (at least 1) to wait before sending again: until the window resets (`rate_limited`) or the ban ends (`api_key_banned`). */
                    "Retry-After": number;
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
                    /** @description Requests allowed in the window with the fewest requests remaining (the minute or the day window of the plan). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests still allowed in that window after this one. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that window ends, in Unix seconds (UTC). Minute windows start at second :00, day windows at 00:00 UTC. */
                    "X-RateLimit-Reset": number;
                    /** @description The quota policies (IETF RateLimit header fields): `q` requests per `w` seconds. */
                    "RateLimit-Policy": string;
                    /** @description The policy closest to exhaustion (IETF RateLimit header fields): `r` requests remaining, `t` seconds until it resets. */
                    RateLimit: string;
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
                    /** @description Requests allowed in the window with the fewest requests remaining (the minute or the day window of the plan). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests still allowed in that window after this one. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that window ends, in Unix seconds (UTC). Minute windows start at second :00, day windows at 00:00 UTC. */
                    "X-RateLimit-Reset": number;
                    /** @description The quota policies (IETF RateLimit header fields): `q` requests per `w` seconds. */
                    "RateLimit-Policy": string;
                    /** @description The policy closest to exhaustion (IETF RateLimit header fields): `r` requests remaining, `t` seconds until it resets. */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    placeOrder: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key and an equivalent body within 24 hours replays the first response with `Idempotent-Replayed: true`. 1–255 printable ASCII characters, scoped to the project. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["NewOrder"];
            };
        };
        responses: {
            /** @description The placed order. */
            201: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    /** @description Requests allowed in the window with the fewest requests remaining (the minute or the day window of the plan). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests still allowed in that window after this one. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that window ends, in Unix seconds (UTC). Minute windows start at second :00, day windows at 00:00 UTC. */
                    "X-RateLimit-Reset": number;
                    /** @description The quota policies (IETF RateLimit header fields): `q` requests per `w` seconds. */
                    "RateLimit-Policy": string;
                    /** @description The policy closest to exhaustion (IETF RateLimit header fields): `r` requests remaining, `t` seconds until it resets. */
                    RateLimit: string;
                    /** @description The URL of the order. */
                    Location?: string;
                    /** @description `true` when this response replays an earlier request with the same `Idempotency-Key`. */
                    "Idempotent-Replayed"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Order"];
                };
            };
            /** @description Error. Codes: `malformed_json`: The request body is not valid JSON. `validation_failed`: The request has missing or invalid values. */
            400: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    /** @description Requests allowed in the window with the fewest requests remaining (the minute or the day window of the plan). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests still allowed in that window after this one. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that window ends, in Unix seconds (UTC). Minute windows start at second :00, day windows at 00:00 UTC. */
                    "X-RateLimit-Reset": number;
                    /** @description The quota policies (IETF RateLimit header fields): `q` requests per `w` seconds. */
                    "RateLimit-Policy": string;
                    /** @description The policy closest to exhaustion (IETF RateLimit header fields): `r` requests remaining, `t` seconds until it resets. */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `unauthorized`: A valid API key is required. Send it as "Authorization: Bearer <API_KEY>". `wrong_environment`: This API key belongs to the other environment: send it to that environment's base URL. */
            401: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    /** @description Requests allowed in the window with the fewest requests remaining (the minute or the day window of the plan). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests still allowed in that window after this one. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that window ends, in Unix seconds (UTC). Minute windows start at second :00, day windows at 00:00 UTC. */
                    "X-RateLimit-Reset": number;
                    /** @description The quota policies (IETF RateLimit header fields): `q` requests per `w` seconds. */
                    "RateLimit-Policy": string;
                    /** @description The policy closest to exhaustion (IETF RateLimit header fields): `r` requests remaining, `t` seconds until it resets. */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `insufficient_scope`: This key or access token is read-only: a write one is needed to change anything. */
            403: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    /** @description Requests allowed in the window with the fewest requests remaining (the minute or the day window of the plan). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests still allowed in that window after this one. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that window ends, in Unix seconds (UTC). Minute windows start at second :00, day windows at 00:00 UTC. */
                    "X-RateLimit-Reset": number;
                    /** @description The quota policies (IETF RateLimit header fields): `q` requests per `w` seconds. */
                    "RateLimit-Policy": string;
                    /** @description The policy closest to exhaustion (IETF RateLimit header fields): `r` requests remaining, `t` seconds until it resets. */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `pet_not_found`: The order names an animal that does not exist in this project. */
            404: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    /** @description Requests allowed in the window with the fewest requests remaining (the minute or the day window of the plan). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests still allowed in that window after this one. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that window ends, in Unix seconds (UTC). Minute windows start at second :00, day windows at 00:00 UTC. */
                    "X-RateLimit-Reset": number;
                    /** @description The quota policies (IETF RateLimit header fields): `q` requests per `w` seconds. */
                    "RateLimit-Policy": string;
                    /** @description The policy closest to exhaustion (IETF RateLimit header fields): `r` requests remaining, `t` seconds until it resets. */
                    RateLimit: string;
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
                    /** @description Requests allowed in the window with the fewest requests remaining (the minute or the day window of the plan). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests still allowed in that window after this one. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that window ends, in Unix seconds (UTC). Minute windows start at second :00, day windows at 00:00 UTC. */
                    "X-RateLimit-Reset": number;
                    /** @description The quota policies (IETF RateLimit header fields): `q` requests per `w` seconds. */
                    "RateLimit-Policy": string;
                    /** @description The policy closest to exhaustion (IETF RateLimit header fields): `r` requests remaining, `t` seconds until it resets. */
                    RateLimit: string;
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
            /** @description Error. Codes: `pet_not_available`: The animal is not available (it is pending or sold): only an available animal can be ordered. `idempotency_key_in_use`: A request with this Idempotency-Key is still being processed. Retry later. */
            409: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    /** @description Requests allowed in the window with the fewest requests remaining (the minute or the day window of the plan). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests still allowed in that window after this one. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that window ends, in Unix seconds (UTC). Minute windows start at second :00, day windows at 00:00 UTC. */
                    "X-RateLimit-Reset": number;
                    /** @description The quota policies (IETF RateLimit header fields): `q` requests per `w` seconds. */
                    "RateLimit-Policy": string;
                    /** @description The policy closest to exhaustion (IETF RateLimit header fields): `r` requests remaining, `t` seconds until it resets. */
                    RateLimit: string;
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
                    /** @description Requests allowed in the window with the fewest requests remaining (the minute or the day window of the plan). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests still allowed in that window after this one. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that window ends, in Unix seconds (UTC). Minute windows start at second :00, day windows at 00:00 UTC. */
                    "X-RateLimit-Reset": number;
                    /** @description The quota policies (IETF RateLimit header fields): `q` requests per `w` seconds. */
                    "RateLimit-Policy": string;
                    /** @description The policy closest to exhaustion (IETF RateLimit header fields): `r` requests remaining, `t` seconds until it resets. */
                    RateLimit: string;
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
                    /** @description Requests allowed in the window with the fewest requests remaining (the minute or the day window of the plan). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests still allowed in that window after this one. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that window ends, in Unix seconds (UTC). Minute windows start at second :00, day windows at 00:00 UTC. */
                    "X-RateLimit-Reset": number;
                    /** @description The quota policies (IETF RateLimit header fields): `q` requests per `w` seconds. */
                    "RateLimit-Policy": string;
                    /** @description The policy closest to exhaustion (IETF RateLimit header fields): `r` requests remaining, `t` seconds until it resets. */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `idempotency_key_reused`: This Idempotency-Key was already used with a different request body. */
            422: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    /** @description Requests allowed in the window with the fewest requests remaining (the minute or the day window of the plan). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests still allowed in that window after this one. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that window ends, in Unix seconds (UTC). Minute windows start at second :00, day windows at 00:00 UTC. */
                    "X-RateLimit-Reset": number;
                    /** @description The quota policies (IETF RateLimit header fields): `q` requests per `w` seconds. */
                    "RateLimit-Policy": string;
                    /** @description The policy closest to exhaustion (IETF RateLimit header fields): `r` requests remaining, `t` seconds until it resets. */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `rate_limited`: The rate limit has been exceeded. Retry after the time in Retry-After. `api_key_banned`: This API key is temporarily banned for sending requests while rate limited. */
            429: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    /** @description Requests allowed in the window with the fewest requests remaining (the minute or the day window of the plan). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests still allowed in that window after this one. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that window ends, in Unix seconds (UTC). Minute windows start at second :00, day windows at 00:00 UTC. */
                    "X-RateLimit-Reset": number;
                    /** @description The quota policies (IETF RateLimit header fields): `q` requests per `w` seconds. */
                    "RateLimit-Policy": string;
                    /** @description The policy closest to exhaustion (IETF RateLimit header fields): `r` requests remaining, `t` seconds until it resets. */
                    RateLimit: string;
                    /** @description Whole seconds (at least 1) to wait before sending again: until the window resets (`rate_limited`) or the ban ends (`api_key_banned`). */
                    "Retry-After": number;
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
                    /** @description Requests allowed in the window with the fewest requests remaining (the minute or the day window of the plan). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests still allowed in that window after this one. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that window ends, in Unix seconds (UTC). Minute windows start at second :00, day windows at 00:00 UTC. */
                    "X-RateLimit-Reset": number;
                    /** @description The quota policies (IETF RateLimit header fields): `q` requests per `w` seconds. */
                    "RateLimit-Policy": string;
                    /** @description The policy closest to exhaustion (IETF RateLimit header fields): `r` requests remaining, `t` seconds until it resets. */
                    RateLimit: string;
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
                    /** @description Requests allowed in the window with the fewest requests remaining (the minute or the day window of the plan). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests still allowed in that window after this one. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that window ends, in Unix seconds (UTC). Minute windows start at second :00, day windows at 00:00 UTC. */
                    "X-RateLimit-Reset": number;
                    /** @description The quota policies (IETF RateLimit header fields): `q` requests per `w` seconds. */
                    "RateLimit-Policy": string;
                    /** @description The policy closest to exhaustion (IETF RateLimit header fields): `r` requests remaining, `t` seconds until it resets. */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getOrder: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The order identifier. An int64, exact over the whole signed 64-bit range. Standard JSON parsers (JavaScript `JSON.parse`, and clients built on it) round values above 2^53 − 1 (9007199254740991) without error; the typed SDK `@petstore/client` reads and sends them exactly, as `bigint`. */
                orderId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The order. */
            200: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    /** @description Requests allowed in the window with the fewest requests remaining (the minute or the day window of the plan). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests still allowed in that window after this one. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that window ends, in Unix seconds (UTC). Minute windows start at second :00, day windows at 00:00 UTC. */
                    "X-RateLimit-Reset": number;
                    /** @description The quota policies (IETF RateLimit header fields): `q` requests per `w` seconds. */
                    "RateLimit-Policy": string;
                    /** @description The policy closest to exhaustion (IETF RateLimit header fields): `r` requests remaining, `t` seconds until it resets. */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Order"];
                };
            };
            /** @description Error. Codes: `validation_failed`: The request has missing or invalid values. */
            400: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    /** @description Requests allowed in the window with the fewest requests remaining (the minute or the day window of the plan). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests still allowed in that window after this one. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that window ends, in Unix seconds (UTC). Minute windows start at second :00, day windows at 00:00 UTC. */
                    "X-RateLimit-Reset": number;
                    /** @description The quota policies (IETF RateLimit header fields): `q` requests per `w` seconds. */
                    "RateLimit-Policy": string;
                    /** @description The policy closest to exhaustion (IETF RateLimit header fields): `r` requests remaining, `t` seconds until it resets. */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `unauthorized`: A valid API key is required. Send it as "Authorization: Bearer <API_KEY>". `wrong_environment`: This API key belongs to the other environment: send it to that environment's base URL. */
            401: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    /** @description Requests allowed in the window with the fewest requests remaining (the minute or the day window of the plan). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests still allowed in that window after this one. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that window ends, in Unix seconds (UTC). Minute windows start at second :00, day windows at 00:00 UTC. */
                    "X-RateLimit-Reset": number;
                    /** @description The quota policies (IETF RateLimit header fields): `q` requests per `w` seconds. */
                    "RateLimit-Policy": string;
                    /** @description The policy closest to exhaustion (IETF RateLimit header fields): `r` requests remaining, `t` seconds until it resets. */
                    RateLimit: string;
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
                    /** @description Requests allowed in the window with the fewest requests remaining (the minute or the day window of the plan). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests still allowed in that window after this one. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that window ends, in Unix seconds (UTC). Minute windows start at second :00, day windows at 00:00 UTC. */
                    "X-RateLimit-Reset": number;
                    /** @description The quota policies (IETF RateLimit header fields): `q` requests per `w` seconds. */
                    "RateLimit-Policy": string;
                    /** @description The policy closest to exhaustion (IETF RateLimit header fields): `r` requests remaining, `t` seconds until it resets. */
                    RateLimit: string;
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
                    /** @description Requests allowed in the window with the fewest requests remaining (the minute or the day window of the plan). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests still allowed in that window after this one. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that window ends, in Unix seconds (UTC). Minute windows start at second :00, day windows at 00:00 UTC. */
                    "X-RateLimit-Reset": number;
                    /** @description The quota policies (IETF RateLimit header fields): `q` requests per `w` seconds. */
                    "RateLimit-Policy": string;
                    /** @description The policy closest to exhaustion (IETF RateLimit header fields): `r` requests remaining, `t` seconds until it resets. */
                    RateLimit: string;
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
            /** @description Error. Codes: `rate_limited`: The rate limit has been exceeded. Retry after the time in Retry-After. `api_key_banned`: This API key is temporarily banned for sending requests while rate limited. */
            429: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    /** @description Requests allowed in the window with the fewest requests remaining (the minute or the day window of the plan). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests still allowed in that window after this one. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that window ends, in Unix seconds (UTC). Minute windows start at second :00, day windows at 00:00 UTC. */
                    "X-RateLimit-Reset": number;
                    /** @description The quota policies (IETF RateLimit header fields): `q` requests per `w` seconds. */
                    "RateLimit-Policy": string;
                    /** @description The policy closest to exhaustion (IETF RateLimit header fields): `r` requests remaining, `t` seconds until it resets. */
                    RateLimit: string;
                    /** @description Whole seconds (at least 1) to wait before sending again: until the window resets (`rate_limited`) or the ban ends (`api_key_banned`). */
                    "Retry-After": number;
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
                    /** @description Requests allowed in the window with the fewest requests remaining (the minute or the day window of the plan). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests still allowed in that window after this one. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that window ends, in Unix seconds (UTC). Minute windows start at second :00, day windows at 00:00 UTC. */
                    "X-RateLimit-Reset": number;
                    /** @description The quota policies (IETF RateLimit header fields): `q` requests per `w` seconds. */
                    "RateLimit-Policy": string;
                    /** @description The policy closest to exhaustion (IETF RateLimit header fields): `r` requests remaining, `t` seconds until it resets. */
                    RateLimit: string;
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
                    /** @description Requests allowed in the window with the fewest requests remaining (the minute or the day window of the plan). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests still allowed in that window after this one. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that window ends, in Unix seconds (UTC). Minute windows start at second :00, day windows at 00:00 UTC. */
                    "X-RateLimit-Reset": number;
                    /** @description The quota policies (IETF RateLimit header fields): `q` requests per `w` seconds. */
                    "RateLimit-Policy": string;
                    /** @description The policy closest to exhaustion (IETF RateLimit header fields): `r` requests remaining, `t` seconds until it resets. */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    cancelOrder: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The order identifier. An int64, exact over the whole signed 64-bit range. Standard JSON parsers (JavaScript `JSON.parse`, and clients built on it) round values above 2^53 − 1 (9007199254740991) without error; the typed SDK `@petstore/client` reads and sends them exactly, as `bigint`. */
                orderId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The cancelled order. */
            200: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    /** @description Requests allowed in the window with the fewest requests remaining (the minute or the day window of the plan). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests still allowed in that window after this one. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that window ends, in Unix seconds (UTC). Minute windows start at second :00, day windows at 00:00 UTC. */
                    "X-RateLimit-Reset": number;
                    /** @description The quota policies (IETF RateLimit header fields): `q` requests per `w` seconds. */
                    "RateLimit-Policy": string;
                    /** @description The policy closest to exhaustion (IETF RateLimit header fields): `r` requests remaining, `t` seconds until it resets. */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Order"];
                };
            };
            /** @description Error. Codes: `validation_failed`: The request has missing or invalid values. */
            400: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    /** @description Requests allowed in the window with the fewest requests remaining (the minute or the day window of the plan). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests still allowed in that window after this one. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that window ends, in Unix seconds (UTC). Minute windows start at second :00, day windows at 00:00 UTC. */
                    "X-RateLimit-Reset": number;
                    /** @description The quota policies (IETF RateLimit header fields): `q` requests per `w` seconds. */
                    "RateLimit-Policy": string;
                    /** @description The policy closest to exhaustion (IETF RateLimit header fields): `r` requests remaining, `t` seconds until it resets. */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `unauthorized`: A valid API key is required. Send it as "Authorization: Bearer <API_KEY>". `wrong_environment`: This API key belongs to the other environment: send it to that environment's base URL. */
            401: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    /** @description Requests allowed in the window with the fewest requests remaining (the minute or the day window of the plan). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests still allowed in that window after this one. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that window ends, in Unix seconds (UTC). Minute windows start at second :00, day windows at 00:00 UTC. */
                    "X-RateLimit-Reset": number;
                    /** @description The quota policies (IETF RateLimit header fields): `q` requests per `w` seconds. */
                    "RateLimit-Policy": string;
                    /** @description The policy closest to exhaustion (IETF RateLimit header fields): `r` requests remaining, `t` seconds until it resets. */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `insufficient_scope`: This key or access token is read-only: a write one is needed to change anything. */
            403: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    /** @description Requests allowed in the window with the fewest requests remaining (the minute or the day window of the plan). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests still allowed in that window after this one. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that window ends, in Unix seconds (UTC). Minute windows start at second :00, day windows at 00:00 UTC. */
                    "X-RateLimit-Reset": number;
                    /** @description The quota policies (IETF RateLimit header fields): `q` requests per `w` seconds. */
                    "RateLimit-Policy": string;
                    /** @description The policy closest to exhaustion (IETF RateLimit header fields): `r` requests remaining, `t` seconds until it resets. */
                    RateLimit: string;
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
                    /** @description Requests allowed in the window with the fewest requests remaining (the minute or the day window of the plan). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests still allowed in that window after this one. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that window ends, in Unix seconds (UTC). Minute windows start at second :00, day windows at 00:00 UTC. */
                    "X-RateLimit-Reset": number;
                    /** @description The quota policies (IETF RateLimit header fields): `q` requests per `w` seconds. */
                    "RateLimit-Policy": string;
                    /** @description The policy closest to exhaustion (IETF RateLimit header fields): `r` requests remaining, `t` seconds until it resets. */
                    RateLimit: string;
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
                    /** @description Requests allowed in the window with the fewest requests remaining (the minute or the day window of the plan). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests still allowed in that window after this one. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that window ends, in Unix seconds (UTC). Minute windows start at second :00, day windows at 00:00 UTC. */
                    "X-RateLimit-Reset": number;
                    /** @description The quota policies (IETF RateLimit header fields): `q` requests per `w` seconds. */
                    "RateLimit-Policy": string;
                    /** @description The policy closest to exhaustion (IETF RateLimit header fields): `r` requests remaining, `t` seconds until it resets. */
                    RateLimit: string;
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
            /** @description Error. Codes: `invalid_transition`: The order cannot move to that status from its current one (placed → approved → delivered; placed or approved → cancelled). */
            409: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    /** @description Requests allowed in the window with the fewest requests remaining (the minute or the day window of the plan). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests still allowed in that window after this one. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that window ends, in Unix seconds (UTC). Minute windows start at second :00, day windows at 00:00 UTC. */
                    "X-RateLimit-Reset": number;
                    /** @description The quota policies (IETF RateLimit header fields): `q` requests per `w` seconds. */
                    "RateLimit-Policy": string;
                    /** @description The policy closest to exhaustion (IETF RateLimit header fields): `r` requests remaining, `t` seconds until it resets. */
                    RateLimit: string;
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
                    /** @description Requests allowed in the window with the fewest requests remaining (the minute or the day window of the plan). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests still allowed in that window after this one. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that window ends, in Unix seconds (UTC). Minute windows start at second :00, day windows at 00:00 UTC. */
                    "X-RateLimit-Reset": number;
                    /** @description The quota policies (IETF RateLimit header fields): `q` requests per `w` seconds. */
                    "RateLimit-Policy": string;
                    /** @description The policy closest to exhaustion (IETF RateLimit header fields): `r` requests remaining, `t` seconds until it resets. */
                    RateLimit: string;
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
                    /** @description Requests allowed in the window with the fewest requests remaining (the minute or the day window of the plan). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests still allowed in that window after this one. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that window ends, in Unix seconds (UTC). Minute windows start at second :00, day windows at 00:00 UTC. */
                    "X-RateLimit-Reset": number;
                    /** @description The quota policies (IETF RateLimit header fields): `q` requests per `w` seconds. */
                    "RateLimit-Policy": string;
                    /** @description The policy closest to exhaustion (IETF RateLimit header fields): `r` requests remaining, `t` seconds until it resets. */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `rate_limited`: The rate limit has been exceeded. Retry after the time in Retry-After. `api_key_banned`: This API key is temporarily banned for sending requests while rate limited. */
            429: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    /** @description Requests allowed in the window with the fewest requests remaining (the minute or the day window of the plan). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests still allowed in that window after this one. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that window ends, in Unix seconds (UTC). Minute windows start at second :00, day windows at 00:00 UTC. */
                    "X-RateLimit-Reset": number;
                    /** @description The quota policies (IETF RateLimit header fields): `q` requests per `w` seconds. */
                    "RateLimit-Policy": string;
                    /** @description The policy closest to exhaustion (IETF RateLimit header fields): `r` requests remaining, `t` seconds until it resets. */
                    RateLimit: string;
                    /** @description Whole seconds (at least 1) to wait before sending again: until the window resets (`rate_limited`) or the ban ends (`api_key_banned`). */
                    "Retry-After": number;
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
                    /** @description Requests allowed in the window with the fewest requests remaining (the minute or the day window of the plan). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests still allowed in that window after this one. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that window ends, in Unix seconds (UTC). Minute windows start at second :00, day windows at 00:00 UTC. */
                    "X-RateLimit-Reset": number;
                    /** @description The quota policies (IETF RateLimit header fields): `q` requests per `w` seconds. */
                    "RateLimit-Policy": string;
                    /** @description The policy closest to exhaustion (IETF RateLimit header fields): `r` requests remaining, `t` seconds until it resets. */
                    RateLimit: string;
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
                    /** @description Requests allowed in the window with the fewest requests remaining (the minute or the day window of the plan). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests still allowed in that window after this one. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that window ends, in Unix seconds (UTC). Minute windows start at second :00, day windows at 00:00 UTC. */
                    "X-RateLimit-Reset": number;
                    /** @description The quota policies (IETF RateLimit header fields): `q` requests per `w` seconds. */
                    "RateLimit-Policy": string;
                    /** @description The policy closest to exhaustion (IETF RateLimit header fields): `r` requests remaining, `t` seconds until it resets. */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    updateOrder: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The order identifier. An int64, exact over the whole signed 64-bit range. Standard JSON parsers (JavaScript `JSON.parse`, and clients built on it) round values above 2^53 − 1 (9007199254740991) without error; the typed SDK `@petstore/client` reads and sends them exactly, as `bigint`. */
                orderId: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["OrderUpdate"];
            };
        };
        responses: {
            /** @description The order in its new status. */
            200: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    /** @description Requests allowed in the window with the fewest requests remaining (the minute or the day window of the plan). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests still allowed in that window after this one. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that window ends, in Unix seconds (UTC). Minute windows start at second :00, day windows at 00:00 UTC. */
                    "X-RateLimit-Reset": number;
                    /** @description The quota policies (IETF RateLimit header fields): `q` requests per `w` seconds. */
                    "RateLimit-Policy": string;
                    /** @description The policy closest to exhaustion (IETF RateLimit header fields): `r` requests remaining, `t` seconds until it resets. */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Order"];
                };
            };
            /** @description Error. Codes: `malformed_json`: The request body is not valid JSON. `validation_failed`: The request has missing or invalid values. */
            400: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    /** @description Requests allowed in the window with the fewest requests remaining (the minute or the day window of the plan). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests still allowed in that window after this one. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that window ends, in Unix seconds (UTC). Minute windows start at second :00, day windows at 00:00 UTC. */
                    "X-RateLimit-Reset": number;
                    /** @description The quota policies (IETF RateLimit header fields): `q` requests per `w` seconds. */
                    "RateLimit-Policy": string;
                    /** @description The policy closest to exhaustion (IETF RateLimit header fields): `r` requests remaining, `t` seconds until it resets. */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `unauthorized`: A valid API key is required. Send it as "Authorization: Bearer <API_KEY>". `wrong_environment`: This API key belongs to the other environment: send it to that environment's base URL. */
            401: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    /** @description Requests allowed in the window with the fewest requests remaining (the minute or the day window of the plan). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests still allowed in that window after this one. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that window ends, in Unix seconds (UTC). Minute windows start at second :00, day windows at 00:00 UTC. */
                    "X-RateLimit-Reset": number;
                    /** @description The quota policies (IETF RateLimit header fields): `q` requests per `w` seconds. */
                    "RateLimit-Policy": string;
                    /** @description The policy closest to exhaustion (IETF RateLimit header fields): `r` requests remaining, `t` seconds until it resets. */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `insufficient_scope`: This key or access token is read-only: a write one is needed to change anything. */
            403: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    /** @description Requests allowed in the window with the fewest requests remaining (the minute or the day window of the plan). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests still allowed in that window after this one. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that window ends, in Unix seconds (UTC). Minute windows start at second :00, day windows at 00:00 UTC. */
                    "X-RateLimit-Reset": number;
                    /** @description The quota policies (IETF RateLimit header fields): `q` requests per `w` seconds. */
                    "RateLimit-Policy": string;
                    /** @description The policy closest to exhaustion (IETF RateLimit header fields): `r` requests remaining, `t` seconds until it resets. */
                    RateLimit: string;
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
                    /** @description Requests allowed in the window with the fewest requests remaining (the minute or the day window of the plan). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests still allowed in that window after this one. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that window ends, in Unix seconds (UTC). Minute windows start at second :00, day windows at 00:00 UTC. */
                    "X-RateLimit-Reset": number;
                    /** @description The quota policies (IETF RateLimit header fields): `q` requests per `w` seconds. */
                    "RateLimit-Policy": string;
                    /** @description The policy closest to exhaustion (IETF RateLimit header fields): `r` requests remaining, `t` seconds until it resets. */
                    RateLimit: string;
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
                    /** @description Requests allowed in the window with the fewest requests remaining (the minute or the day window of the plan). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests still allowed in that window after this one. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that window ends, in Unix seconds (UTC). Minute windows start at second :00, day windows at 00:00 UTC. */
                    "X-RateLimit-Reset": number;
                    /** @description The quota policies (IETF RateLimit header fields): `q` requests per `w` seconds. */
                    "RateLimit-Policy": string;
                    /** @description The policy closest to exhaustion (IETF RateLimit header fields): `r` requests remaining, `t` seconds until it resets. */
                    RateLimit: string;
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
            /** @description Error. Codes: `invalid_transition`: The order cannot move to that status from its current one (placed → approved → delivered; placed or approved → cancelled). */
            409: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    /** @description Requests allowed in the window with the fewest requests remaining (the minute or the day window of the plan). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests still allowed in that window after this one. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that window ends, in Unix seconds (UTC). Minute windows start at second :00, day windows at 00:00 UTC. */
                    "X-RateLimit-Reset": number;
                    /** @description The quota policies (IETF RateLimit header fields): `q` requests per `w` seconds. */
                    "RateLimit-Policy": string;
                    /** @description The policy closest to exhaustion (IETF RateLimit header fields): `r` requests remaining, `t` seconds until it resets. */
                    RateLimit: string;
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
                    /** @description Requests allowed in the window with the fewest requests remaining (the minute or the day window of the plan). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests still allowed in that window after this one. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that window ends, in Unix seconds (UTC). Minute windows start at second :00, day windows at 00:00 UTC. */
                    "X-RateLimit-Reset": number;
                    /** @description The quota policies (IETF RateLimit header fields): `q` requests per `w` seconds. */
                    "RateLimit-Policy": string;
                    /** @description The policy closest to exhaustion (IETF RateLimit header fields): `r` requests remaining, `t` seconds until it resets. */
                    RateLimit: string;
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
                    /** @description Requests allowed in the window with the fewest requests remaining (the minute or the day window of the plan). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests still allowed in that window after this one. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that window ends, in Unix seconds (UTC). Minute windows start at second :00, day windows at 00:00 UTC. */
                    "X-RateLimit-Reset": number;
                    /** @description The quota policies (IETF RateLimit header fields): `q` requests per `w` seconds. */
                    "RateLimit-Policy": string;
                    /** @description The policy closest to exhaustion (IETF RateLimit header fields): `r` requests remaining, `t` seconds until it resets. */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `rate_limited`: The rate limit has been exceeded. Retry after the time in Retry-After. `api_key_banned`: This API key is temporarily banned for sending requests while rate limited. */
            429: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    /** @description Requests allowed in the window with the fewest requests remaining (the minute or the day window of the plan). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests still allowed in that window after this one. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that window ends, in Unix seconds (UTC). Minute windows start at second :00, day windows at 00:00 UTC. */
                    "X-RateLimit-Reset": number;
                    /** @description The quota policies (IETF RateLimit header fields): `q` requests per `w` seconds. */
                    "RateLimit-Policy": string;
                    /** @description The policy closest to exhaustion (IETF RateLimit header fields): `r` requests remaining, `t` seconds until it resets. */
                    RateLimit: string;
                    /** @description Whole seconds (at least 1) to wait before sending again: until the window resets (`rate_limited`) or the ban ends (`api_key_banned`). */
                    "Retry-After": number;
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
                    /** @description Requests allowed in the window with the fewest requests remaining (the minute or the day window of the plan). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests still allowed in that window after this one. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that window ends, in Unix seconds (UTC). Minute windows start at second :00, day windows at 00:00 UTC. */
                    "X-RateLimit-Reset": number;
                    /** @description The quota policies (IETF RateLimit header fields): `q` requests per `w` seconds. */
                    "RateLimit-Policy": string;
                    /** @description The policy closest to exhaustion (IETF RateLimit header fields): `r` requests remaining, `t` seconds until it resets. */
                    RateLimit: string;
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
                    /** @description Requests allowed in the window with the fewest requests remaining (the minute or the day window of the plan). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests still allowed in that window after this one. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that window ends, in Unix seconds (UTC). Minute windows start at second :00, day windows at 00:00 UTC. */
                    "X-RateLimit-Reset": number;
                    /** @description The quota policies (IETF RateLimit header fields): `q` requests per `w` seconds. */
                    "RateLimit-Policy": string;
                    /** @description The policy closest to exhaustion (IETF RateLimit header fields): `r` requests remaining, `t` seconds until it resets. */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getInventory: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The counts. */
            200: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    /** @description Requests allowed in the window with the fewest requests remaining (the minute or the day window of the plan). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests still allowed in that window after this one. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that window ends, in Unix seconds (UTC). Minute windows start at second :00, day windows at 00:00 UTC. */
                    "X-RateLimit-Reset": number;
                    /** @description The quota policies (IETF RateLimit header fields): `q` requests per `w` seconds. */
                    "RateLimit-Policy": string;
                    /** @description The policy closest to exhaustion (IETF RateLimit header fields): `r` requests remaining, `t` seconds until it resets. */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Inventory"];
                };
            };
            /** @description Error. Codes: `validation_failed`: The request has missing or invalid values. */
            400: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    /** @description Requests allowed in the window with the fewest requests remaining (the minute or the day window of the plan). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests still allowed in that window after this one. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that window ends, in Unix seconds (UTC). Minute windows start at second :00, day windows at 00:00 UTC. */
                    "X-RateLimit-Reset": number;
                    /** @description The quota policies (IETF RateLimit header fields): `q` requests per `w` seconds. */
                    "RateLimit-Policy": string;
                    /** @description The policy closest to exhaustion (IETF RateLimit header fields): `r` requests remaining, `t` seconds until it resets. */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `unauthorized`: A valid API key is required. Send it as "Authorization: Bearer <API_KEY>". `wrong_environment`: This API key belongs to the other environment: send it to that environment's base URL. */
            401: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    /** @description Requests allowed in the window with the fewest requests remaining (the minute or the day window of the plan). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests still allowed in that window after this one. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that window ends, in Unix seconds (UTC). Minute windows start at second :00, day windows at 00:00 UTC. */
                    "X-RateLimit-Reset": number;
                    /** @description The quota policies (IETF RateLimit header fields): `q` requests per `w` seconds. */
                    "RateLimit-Policy": string;
                    /** @description The policy closest to exhaustion (IETF RateLimit header fields): `r` requests remaining, `t` seconds until it resets. */
                    RateLimit: string;
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
                    /** @description Requests allowed in the window with the fewest requests remaining (the minute or the day window of the plan). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests still allowed in that window after this one. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that window ends, in Unix seconds (UTC). Minute windows start at second :00, day windows at 00:00 UTC. */
                    "X-RateLimit-Reset": number;
                    /** @description The quota policies (IETF RateLimit header fields): `q` requests per `w` seconds. */
                    "RateLimit-Policy": string;
                    /** @description The policy closest to exhaustion (IETF RateLimit header fields): `r` requests remaining, `t` seconds until it resets. */
                    RateLimit: string;
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
            /** @description Error. Codes: `rate_limited`: The rate limit has been exceeded. Retry after the time in Retry-After. `api_key_banned`: This API key is temporarily banned for sending requests while rate limited. */
            429: {
                headers: {
                    /** @description Identifies the request in logs; echoes a well-formed `X-Request-Id` sent by the client. */
                    "X-Request-Id"?: string;
                    /** @description Requests allowed in the window with the fewest requests remaining (the minute or the day window of the plan). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests still allowed in that window after this one. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that window ends, in Unix seconds (UTC). Minute windows start at second :00, day windows at 00:00 UTC. */
                    "X-RateLimit-Reset": number;
                    /** @description The quota policies (IETF RateLimit header fields): `q` requests per `w` seconds. */
                    "RateLimit-Policy": string;
                    /** @description The policy closest to exhaustion (IETF RateLimit header fields): `r` requests remaining, `t` seconds until it resets. */
                    RateLimit: string;
                    /** @description Whole seconds (at least 1) to wait before sending again: until the window resets (`rate_limited`) or the ban ends (`api_key_banned`). */
                    "Retry-After": number;
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
                    /** @description Requests allowed in the window with the fewest requests remaining (the minute or the day window of the plan). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests still allowed in that window after this one. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that window ends, in Unix seconds (UTC). Minute windows start at second :00, day windows at 00:00 UTC. */
                    "X-RateLimit-Reset": number;
                    /** @description The quota policies (IETF RateLimit header fields): `q` requests per `w` seconds. */
                    "RateLimit-Policy": string;
                    /** @description The policy closest to exhaustion (IETF RateLimit header fields): `r` requests remaining, `t` seconds until it resets. */
                    RateLimit: string;
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
                    /** @description Requests allowed in the window with the fewest requests remaining (the minute or the day window of the plan). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests still allowed in that window after this one. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that window ends, in Unix seconds (UTC). Minute windows start at second :00, day windows at 00:00 UTC. */
                    "X-RateLimit-Reset": number;
                    /** @description The quota policies (IETF RateLimit header fields): `q` requests per `w` seconds. */
                    "RateLimit-Policy": string;
                    /** @description The policy closest to exhaustion (IETF RateLimit header fields): `r` requests remaining, `t` seconds until it resets. */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
}
