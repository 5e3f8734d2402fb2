/** One request as the log keeps it: never a header, a body or a cursor value. */
export interface LoggedRequest {
  projectId: number;
  requestId: string;
  at: Date;
  method: string;
  /** The path and query, with cursor values and anything shaped like a secret replaced. */
  path: string;
  operation: string | null;
  status: number;
  durationUs: number;
  keyId: string | null;
  errorCode: string | null;
  /** The message the client got, when it says more than the code's own (null otherwise). */
  errorMessage?: string | null;
  /** The trace of the request's span, when telemetry was on and the span recorded (null otherwise). */
  traceId?: string | null;
}
