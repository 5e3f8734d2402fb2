import type { StagesOf } from '../http/pipeline/pipeline.js';
import type { Principal } from '../keys/repository.js';

/**
 * Usage's `record` stage: every request with a valid key counts, and a deprecated operation's calls are counted
 * per key too (the deprecations report, its daily event). USAGE_RECORDING=false declares no stage, so the bench
 * can measure what recording costs.
 */
export const usageStages: StagesOf = (app) => {
  if (!app.config.usageRecording) return [];
  const recorder = app.usage.recorder;
  return [
    {
      kind: 'record',
      record: (principal, deprecatedOperation) => {
        recorder.record(principal as Principal);
        if (deprecatedOperation !== undefined) recorder.recordDeprecated(principal as Principal, deprecatedOperation);
      },
    },
  ];
};
