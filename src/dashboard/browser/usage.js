import uPlot from './uPlot.esm.js';
import { api, inEnvironment, project } from './api.js';
import { announce, busy, errorSlot, h, number, table } from './dom.js';
import { keyCell } from './key-name.js';

const utc = (iso, withDate) =>
  new Intl.DateTimeFormat(undefined, withDate ? { dateStyle: 'medium', timeZone: 'UTC' } : { timeStyle: 'short', timeZone: 'UTC' }).format(
    new Date(iso),
  );

const HEIGHT = 260;

/**
 * A uPlot chart of `buckets` (requests) beside a constant line at `quota`; axes in UTC. Its legend names the bucket
 * under the pointer and its requests; with the pointer elsewhere, the latest bucket's (never uPlot's `--`).
 */
function chart(container, buckets, quota, bars, { label, when }) {
  const xs = buckets.map((b) => Date.parse(b.start) / 1000);
  const ys = buckets.map((b) => b.requests);
  const latest = xs.length - 1;
  const showLatest = (u) => {
    if (u.cursor.idx == null && latest >= 0) u.setLegend({ idx: latest });
  };
  const options = {
    width: Math.max(280, container.clientWidth),
    height: HEIGHT,
    tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), 'Etc/UTC'),
    scales: { y: { range: (_u, _min, max) => [0, Math.max(max, quota) * 1.1] } },
    series: [
      { label, value: (_u, ts) => (ts == null ? '' : when(new Date(ts * 1000).toISOString())) },
      bars
        ? {
            label: 'Requests',
            stroke: '#1d4ed8',
            fill: 'rgba(29, 78, 216, 0.35)',
            paths: uPlot.paths.bars({ size: [0.7, 40] }),
            points: { show: false },
          }
        : { label: 'Requests', stroke: '#1d4ed8', width: 2, fill: 'rgba(29, 78, 216, 0.12)', points: { show: false } },
      { label: 'Quota', stroke: '#b91c1c', width: 2, dash: [8, 5], points: { show: false } },
    ],
    axes: [
      { stroke: '#374151', grid: { stroke: '#e5e7eb' }, ticks: { stroke: '#d1d5db' } },
      { stroke: '#374151', grid: { stroke: '#e5e7eb' }, ticks: { stroke: '#d1d5db' }, size: 64 },
    ],
    legend: { show: true },
    cursor: { drag: { x: false, y: false } },
    hooks: { ready: [showLatest], setCursor: [showLatest] },
  };
  return new uPlot(options, [xs, ys, ys.map(() => quota)], container);
}

function figure({ title, buckets, quota, unit, bars, tableHeader, when }) {
  const total = buckets.reduce((sum, b) => sum + b.requests, 0);
  const peak = buckets.reduce((best, b) => (b.requests > best.requests ? b : best), buckets[0]);
  const over = buckets.filter((b) => b.requests > quota).length;
  const summary =
    `${number(total)} requests in all; the most in one ${unit} was ${number(peak.requests)}` +
    (peak.requests > 0 ? ` (${when(peak.start)})` : '') +
    `. The quota is ${number(quota)} a ${unit}` +
    (over > 0 ? `; ${String(over)} ${unit}${over === 1 ? ' was' : 's were'} over it.` : '; no ' + unit + ' was over it.');
  const plot = h('div', { class: 'chart', 'aria-hidden': 'true' });
  const rows = buckets.map((b) => [when(b.start), number(b.requests)]);
  const el = h(
    'figure',
    { class: 'card usage-figure' },
    h('figcaption', null, h('h3', null, title), h('p', { class: 'summary' }, summary)),
    plot,
    h(
      'details',
      null,
      h('summary', null, `${title}: as a table`),
      table(title, [tableHeader, 'Requests'], rows, { captionHidden: true, rowHeaders: true }),
    ),
  );
  return { el, draw: () => chart(plot, buckets, quota, bars, { label: tableHeader, when }) };
}

export async function render({ content, slug }) {
  const error = errorSlot();
  const refresh = h('button', { type: 'button', class: 'secondary' }, 'Refresh');
  const charts = h('div', { class: 'charts' });
  const perKey = h('section', { 'aria-labelledby': 'usage-by-key' });
  let plots = [];

  /** Each key's requests, the busiest first: the answer's `byKey`. */
  function showByKey(byKey) {
    const heading = h('h3', { id: 'usage-by-key' }, 'Requests by key');
    if (byKey.length === 0) {
      perKey.replaceChildren(heading, h('p', null, 'No key made requests in the last 30 days.'));
      return;
    }
    const rows = byKey.map((k) => [keyCell(k), number(k.today), number(k.last30Days)]);
    perKey.replaceChildren(
      heading,
      table('Requests by key', ['Key', 'Today (UTC)', 'Last 30 days'], rows, { captionHidden: true, rowHeaders: true }),
    );
  }

  async function show() {
    const usage = await api('GET', inEnvironment(`${project(slug)}/usage?by=key`));
    for (const p of plots) p.destroy();
    const minute = figure({
      title: 'Requests per minute, last hour (UTC)',
      buckets: usage.perMinute,
      quota: usage.quota.perMinute,
      unit: 'minute',
      tableHeader: 'Minute (UTC)',
      when: (iso) => utc(iso, false),
    });
    const day = figure({
      title: 'Requests per day, last 30 days (UTC)',
      buckets: usage.perDay,
      quota: usage.quota.perDay,
      unit: 'day',
      bars: true,
      tableHeader: 'Day (UTC)',
      when: (iso) => utc(iso, true),
    });
    charts.replaceChildren(minute.el, day.el);
    plots = [minute.draw(), day.draw()];
    showByKey(usage.byKey ?? []);
  }

  refresh.addEventListener('click', () =>
    busy(refresh, 'Refreshing…', charts, async () => {
      error.clear();
      try {
        await show();
        announce('Usage refreshed.');
      } catch (e) {
        error.show(e);
      }
    }),
  );
  let resizeTimer;
  window.addEventListener('resize', () => {
    clearTimeout(resizeTimer);
    resizeTimer = setTimeout(() => {
      for (const p of plots) p.setSize({ width: Math.max(280, p.root.parentElement.clientWidth), height: HEIGHT });
    }, 100);
  });

  content.replaceChildren(
    h(
      'div',
      { class: 'toolbar' },
      h('p', null, 'Every API request with one of this project’s keys counts, whatever its answer. Counts are written every 10 seconds.'),
      refresh,
    ),
    error.el,
    charts,
    perKey,
  );
  await show();
}
