import type { StagesOf } from '../http/pipeline.js';
import type { Principal } from '../keys/repository.js';

/** The request log's `log` stage: every request with a project's valid key, whatever its answer, on either path. */
export const requestLogStages: StagesOf = (app) => {
  const { recorder } = app.requestLog;
  return [
    {
      kind: 'log',
      completed: (call) => {
        const principal = call.principal as Principal;
        recorder.record(
          principal.projectId,
          call.id,
          app.clock.now(),
          call.method,
          call.url,
          call.operation,
          call.status,
          call.elapsedMs,
          principal.keyId,
          call.error?.code ?? null,
          call.error?.message ?? null,
        );
      },
    },
  ];
};
