import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Histogram, Registry, type Metric } from 'prom-client';
import { RequestSeries } from '../../src/metrics/request-series.js';

const BUCKETS = [0.001, 0.01, 0.1];
const SAMPLES = [0, 0.0005, 0.001, 0.002, 0.01, 0.05, 0.1, 0.5, 7];

test('the scrape prints what prom-client’s Counter and Histogram print for the same observations', async () => {
  const ours = new Registry();
  const series = new RequestSeries(BUCKETS);
  ours.registerMetric(series.counter('requests_total', 'Requests.') as unknown as Metric);
  ours.registerMetric(series.histogram('duration_seconds', 'Durations.') as unknown as Metric);

  const theirs = new Registry();
  const histogram = new Histogram({
    name: 'duration_seconds',
    help: 'Durations.',
    labelNames: ['op', 'status'],
    buckets: BUCKETS,
    registers: [theirs],
  });

  const labelSets = [
    { op: 'listPets', status: '200' },
    { op: 'site', status: '404' },
  ];
  labelSets.forEach((labels, i) => {
    const s = series.series(labels);
    for (const v of SAMPLES.slice(i * 3)) {
      s.observe(v);
      histogram.observe(labels, v);
    }
  });

  const text = await ours.metrics();
  const histogramText = text.slice(text.indexOf('# HELP duration_seconds'));
  assert.equal(histogramText, await theirs.metrics());
  assert.match(text, /^requests_total\{op="listPets",status="200"\} 9$/m);
  assert.match(text, /^requests_total\{op="site",status="404"\} 6$/m);
  // A value on a bound counts in that bucket; one above the last only in +Inf.
  assert.match(text, /^duration_seconds_bucket\{le="0.001",op="listPets",status="200"\} 3$/m);
  assert.match(text, /^duration_seconds_bucket\{le="\+Inf",op="listPets",status="200"\} 9$/m);

  ours.resetMetrics();
  const afterReset = await ours.metrics();
  assert.match(afterReset, /^requests_total\{op="listPets",status="200"\} 0$/m);
  assert.match(afterReset, /^duration_seconds_bucket\{le="\+Inf",op="site",status="404"\} 0$/m);
  assert.match(afterReset, /^duration_seconds_sum\{op="site",status="404"\} 0$/m);
});
