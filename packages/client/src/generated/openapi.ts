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
         * @description Lists the store orders of the caller's project in ascending `id`, paged like `listPets`. Experimental: orders cannot be placed through the API yet, so the list is empty until they can.
         */
        get: operations["listOrders"];
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
            code: "bad_request" | "malformed_json" | "validation_failed" | "invalid_cursor" | "unauthorized" | "not_found" | "method_not_allowed" | "request_timeout" | "idempotency_key_in_use" | "gone" | "payload_too_large" | "unsupported_media_type" | "expectation_failed" | "idempotency_key_reused" | "misdirected_request" | "rate_limited" | "api_key_banned" | "request_header_fields_too_large" | "internal_error" | "service_unavailable";
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
        /** @description A store order. Experimental: fields may change before the operation is stable. */
        Order: {
            /**
             * Format: int64
             * @description Order identifier. An int64, exact over the whole signed 64-bit range. Standard JSON parsers (JavaScript `JSON.parse`, and clients built on it) round values above 2^53 − 1 (9007199254740991) without error; the typed SDK `@petstore/client` reads and sends them exactly, as `bigint`.
             */
            id: number;
            /**
             * Format: int64
             * @description The animal ordered. An int64, exact over the whole signed 64-bit range. Standard JSON parsers (JavaScript `JSON.parse`, and clients built on it) round values above 2^53 − 1 (9007199254740991) without error; the typed SDK `@petstore/client` reads and sends them exactly, as `bigint`.
             */
            petId: number;
            /** Format: int32 */
            quantity: number;
            /** @enum {string} */
            status: "placed" | "approved" | "delivered";
            complete: boolean;
            /** Format: date-time */
            createdAt: string;
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
            /** @description Error. Codes: `unauthorized`: A valid API key is required. Send it as "Authorization: Bearer <API_KEY>". */
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
            /** @description Error. Codes: `unauthorized`: A valid API key is required. Send it as "Authorization: Bearer <API_KEY>". */
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
            /** @description Error. Codes: `unauthorized`: A valid API key is required. Send it as "Authorization: Bearer <API_KEY>". */
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
                    /** @description `<…>; rel="next"` when another page follows. */
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
            /** @description Error. Codes: `unauthorized`: A valid API key is required. Send it as "Authorization: Bearer <API_KEY>". */
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
