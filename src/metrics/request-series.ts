type Labels = Record<string, string>;

/** One line of a scrape, as prom-client's registry formats it. */
interface ScrapedValue {
  labels: Readonly<Record<string, string | number>>;
  value: number;
  /** The histogram's `_bucket`, `_sum` or `_count` line; the metric's name when absent. */
  metricName?: string;
}

/** What prom-client's registry asks of a metric (`registerMetric`): its name, help, type and current values. */
export interface ScrapedMetric {
  name: string;
  help: string;
  type: 'counter' | 'histogram';
  aggregator: 'sum';
  get(): Promise<{ name: string; help: string; type: 'counter' | 'histogram'; aggregator: 'sum'; values: ScrapedValue[] }>;
  /** `registry.resetMetrics()`: every series of the label sets back to zero (the counter and the histogram share them). */
  reset(): void;
}

/** One label set's request count and latency histogram, as plain numbers. */
export class Series {
  count = 0;
  sum = 0;
  /** Per bucket, not cumulative: `buckets[i]` counts values in (bounds[i-1], bounds[i]]. */
  readonly buckets: number[];

  constructor(
    readonly labels: Readonly<Labels>,
    private readonly bounds: readonly number[],
  ) {
    this.buckets = bounds.map(() => 0);
  }

  reset(): void {
    this.count = 0;
    this.sum = 0;
    this.buckets.fill(0);
  }

  /** Counts one request that took `seconds`. */
  observe(seconds: number): void {
    this.count++;
    this.sum += seconds;
    const bounds = this.bounds;
    for (let i = 0; i < bounds.length; i++) {
      if (seconds <= (bounds[i] as number)) {
        (this.buckets[i] as number)++;
        return;
      }
    }
  }
}

/**
 * A counter and a histogram of the same label sets, updated together by
 * `Series.observe` and read by prom-client's registry at scrape time. The
 * series are the ones prom-client's Counter and Histogram would give; kept
 * here because theirs hash the label set on every observation (about 1.5 µs
 * per request for the two, docs/performance.md).
 */
export class RequestSeries {
  private readonly all: Series[] = [];

  constructor(private readonly bounds: readonly number[]) {}

  /** A new label set; keep the returned series and observe into it. */
  series(labels: Labels): Series {
    const s = new Series({ ...labels }, this.bounds);
    this.all.push(s);
    return s;
  }

  /** Every label set back to zero (kept: a label set's series lives in the recorder that made it). */
  readonly reset = (): void => {
    for (const s of this.all) s.reset();
  };

  counter(name: string, help: string): ScrapedMetric {
    return scraped(name, help, 'counter', () => this.all.map((s) => ({ labels: s.labels, value: s.count })), this.reset);
  }

  histogram(name: string, help: string): ScrapedMetric {
    return scraped(
      name,
      help,
      'histogram',
      () =>
        this.all.flatMap((s): ScrapedValue[] => {
          let cumulative = 0;
          const buckets = this.bounds.map((le, i) => {
            cumulative += s.buckets[i] as number;
            return { labels: { le, ...s.labels }, value: cumulative, metricName: `${name}_bucket` };
          });
          return [
            ...buckets,
            { labels: { le: '+Inf', ...s.labels }, value: s.count, metricName: `${name}_bucket` },
            { labels: s.labels, value: s.sum, metricName: `${name}_sum` },
            { labels: s.labels, value: s.count, metricName: `${name}_count` },
          ];
        }),
      this.reset,
    );
  }
}

function scraped(name: string, help: string, type: ScrapedMetric['type'], values: () => ScrapedValue[], reset: () => void): ScrapedMetric {
  return {
    name,
    help,
    type,
    aggregator: 'sum',
    get: () => Promise.resolve({ name, help, type, aggregator: 'sum', values: values() }),
    reset,
  };
}
