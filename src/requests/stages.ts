import type { StagesOf } from '../http/pipeline/pipeline.js';
import type { Principal } from '../keys/repository.js';

/** The request log's `log` stage: every request with a project's valid key, whatever its answer, on either path. */
export const requestLogStages: StagesOf = (app) => {
  const { recorder } = app.requestLog;
  return [
    {
      kind: 'log',
      completed: (call) => {
        const principal = call.principal as Principal;
        recorder.record({
          projectId: principal.projectId,
          requestId: call.id,
          at: app.clock.now(),
          method: call.method,
          url: call.url,
          operation: call.operation,
          status: call.status,
          durationMs: call.elapsedMs,
          keyId: principal.keyId,
          errorCode: call.error?.code ?? null,
          errorMessage: call.error?.message ?? null,
          traceId: call.traceId === undefined || call.traceId === '' ? null : call.traceId,
        });
      },
    },
  ];
};
