// Turns the rounds of a bench run into medians, target checks and a printed table.

export const median = (values) => {
  const v = values.filter((x) => Number.isFinite(x)).sort((a, b) => a - b);
  if (v.length === 0) return NaN;
  const mid = Math.floor(v.length / 2);
  return v.length % 2 ? v[mid] : (v[mid - 1] + v[mid]) / 2;
};

/** The medians of one process's figures over the rounds (`peer`, `off`), named after it: peerRps, peerP99Ms… */
const medians = (runs, who) =>
  Object.fromEntries(
    ['rps', 'p99Ms', 'cpuUsPerRequest', 'pgCpuUsPerRequest', 'redisCpuUsPerRequest'].map((k) => [
      `${who}${k[0].toUpperCase()}${k.slice(1)}`,
      median(runs.map((x) => x[who][k])),
    ]),
  );

/** Medians per scenario; every ratio is taken within a round, then the median of those. */
export function summarise(scenarios, rounds) {
  const summary = {};
  for (const s of scenarios) {
    const runs = rounds.map((r) => r[s.name]).filter(Boolean);
    summary[s.name] = {
      title: s.title,
      /** Compared with a bare server of its own (same bytes as it sends), not the 20 pets one. */
      ownBare: Boolean(s.bare),
      rps: median(runs.map((x) => x.service.rps)),
      p50Ms: median(runs.map((x) => x.service.p50Ms)),
      p99Ms: median(runs.map((x) => x.service.p99Ms)),
      cpuUsPerRequest: median(runs.map((x) => x.service.cpuUsPerRequest)),
      peakRssMb: Math.max(...runs.map((x) => x.service.peakRssMb)),
      bareRps: median(runs.map((x) => x.bare.rps)),
      bareP99Ms: median(runs.map((x) => x.bare.p99Ms)),
      bareCpuUsPerRequest: median(runs.map((x) => x.bare.cpuUsPerRequest)),
      ratio: median(runs.map((x) => x.service.rps / x.bare.rps)),
    };
    // PostgreSQL + Redis: their CPU per request, and the hand-written peer measured in the same rounds.
    if (runs.some((x) => x.peer)) {
      Object.assign(summary[s.name], {
        pgCpuUsPerRequest: median(runs.map((x) => x.service.pgCpuUsPerRequest)),
        redisCpuUsPerRequest: median(runs.map((x) => x.service.redisCpuUsPerRequest)),
        ...medians(runs, 'peer'),
        peerRatio: median(runs.map((x) => x.service.rps / x.peer.rps)),
        peerRatioToBare: median(runs.map((x) => x.peer.rps / x.bare.rps)),
      });
    }
    // While the project takes writes: the rate reached, and the instance with HELD_ANSWERS=false in the same rounds.
    if (runs.some((x) => x.off)) {
      Object.assign(summary[s.name], {
        writeRate: s.writes.rate,
        writesPerSecond: median(runs.flatMap((x) => [x.service, x.off, x.peer].map((m) => m?.written?.perSecond))),
        ...medians(runs, 'off'),
        offPeerRatio: median(runs.map((x) => x.off.rps / x.peer.rps)),
        loadAverage: median(runs.map((x) => x.loadAverage)),
      });
    }
  }
  return summary;
}

/** Same-round comparison of two scenarios: median of a.rps / b.rps, i.e. how much more b costs. */
export function costRatio(rounds, cheaper, dearer) {
  return median(rounds.filter((r) => r[cheaper] && r[dearer]).map((r) => r[cheaper].service.rps / r[dearer].service.rps));
}

/** Same-round ratio of CPU per request: how much more a request of `dearer` costs the server. */
export function cpuRatio(rounds, cheaper, dearer) {
  return median(
    rounds.filter((r) => r[cheaper] && r[dearer]).map((r) => r[dearer].service.cpuUsPerRequest / r[cheaper].service.cpuUsPerRequest),
  );
}

/** Same-round CPU difference per request (µs) between two scenarios. */
export function cpuDelta(rounds, withIt, without) {
  return median(
    rounds.filter((r) => r[withIt] && r[without]).map((r) => r[withIt].service.cpuUsPerRequest - r[without].service.cpuUsPerRequest),
  );
}

const fmt = (n, digits = 2) => (Number.isFinite(n) ? n.toFixed(digits) : 'n/a');

/** A table: the first row its head, underlined; the first column left-aligned, the others right-aligned. */
function printRows(rows) {
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => String(r[i]).length)));
  for (const [i, r] of rows.entries()) {
    console.log(r.map((c, j) => (j === 0 ? String(c).padEnd(widths[j]) : String(c).padStart(widths[j]))).join('  '));
    if (i === 0) console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  }
}

export function printTable(summary, bareRssMb) {
  const rows = [['scenario', 'req/s', 'p50 ms', 'p99 ms', 'CPU µs/req', 'peak RSS MB', 'bare req/s', 'ratio to bare']];
  for (const s of Object.values(summary)) {
    rows.push([
      s.title,
      fmt(s.rps, 0),
      fmt(s.p50Ms),
      fmt(s.p99Ms),
      fmt(s.cpuUsPerRequest, 1),
      fmt(s.peakRssMb, 1),
      fmt(s.bareRps, 0),
      fmt(s.ratio),
    ]);
  }
  const bare = Object.values(summary).filter((s) => !s.ownBare);
  rows.push([
    'bare node:http (fixed 20 pets)',
    fmt(median(bare.map((s) => s.bareRps)), 0),
    '',
    fmt(median(bare.map((s) => s.bareP99Ms))),
    fmt(median(bare.map((s) => s.bareCpuUsPerRequest)), 1),
    fmt(bareRssMb, 1),
    '',
    '1.00',
  ]);
  printRows(rows);
}

export function printTargets(targets) {
  for (const t of targets) {
    console.log(`${t.met ? 'met    ' : 'NOT MET'}  ${t.name}: ${fmt(t.value)} (target ${t.target})`);
  }
}

/** The PostgreSQL + Redis scenarios: the service against its hand-written peer, CPU by process, round trips. */
export function printScaleOutTable(summary, roundTrips) {
  const rows = [
    ['PostgreSQL + Redis', 'req/s', 'of bare', 'of peer', 'CPU µs/req svc / PG / Redis', 'round trips/req PG + Redis', 'PG at once'],
  ];
  for (const [name, counted] of Object.entries(roundTrips)) {
    const s = summary[name];
    if (!s) continue;
    const trips = (c) =>
      `${fmt(c.pgRoundTrips, 1)} + ${fmt(c.redisCommands, 1)}${c.redisWrites < c.redisCommands ? ` (${fmt(c.redisWrites, 1)} writes)` : ''}`;
    rows.push([
      name,
      fmt(s.rps, 0),
      fmt(s.ratio),
      fmt(s.peerRatio),
      `${fmt(s.cpuUsPerRequest, 0)} / ${fmt(s.pgCpuUsPerRequest, 0)} / ${fmt(s.redisCpuUsPerRequest, 0)}`,
      trips(counted.service),
      fmt(counted.service.pgRoundTripsConcurrent, 2),
    ]);
    rows.push([
      '  hand-written peer',
      fmt(s.peerRps, 0),
      fmt(s.peerRatioToBare),
      '1.00',
      `${fmt(s.peerCpuUsPerRequest, 0)} / ${fmt(s.peerPgCpuUsPerRequest, 0)} / ${fmt(s.peerRedisCpuUsPerRequest, 0)}`,
      trips(counted.peer),
      fmt(counted.peer.pgRoundTripsConcurrent, 2),
    ]);
  }
  printRows(rows);
}

/** listPets and getPet while the project takes writes: held answers on and off against the peer, CPU by process. */
export function printWritingTable(summary) {
  const writing = Object.entries(summary).filter(([, s]) => s.offRps !== undefined);
  if (writing.length === 0) return;
  const rows = [
    [
      'reads while writing (PostgreSQL + Redis)',
      'writes/s',
      'req/s',
      'of peer',
      'off: req/s',
      'off: of peer',
      'peer req/s',
      'CPU µs/req svc / PG / Redis: held on; off; peer',
      'load',
    ],
  ];
  const cpu = (a, b, c) => `${fmt(a, 0)} / ${fmt(b, 0)} / ${fmt(c, 0)}`;
  for (const [name, s] of writing) {
    rows.push([
      name,
      `${fmt(s.writesPerSecond, 0)} (of ${String(s.writeRate)})`,
      fmt(s.rps, 0),
      fmt(s.peerRatio),
      fmt(s.offRps, 0),
      fmt(s.offPeerRatio),
      fmt(s.peerRps, 0),
      `${cpu(s.cpuUsPerRequest, s.pgCpuUsPerRequest, s.redisCpuUsPerRequest)}; ${cpu(s.offCpuUsPerRequest, s.offPgCpuUsPerRequest, s.offRedisCpuUsPerRequest)}; ${cpu(s.peerCpuUsPerRequest, s.peerPgCpuUsPerRequest, s.peerRedisCpuUsPerRequest)}`,
      fmt(s.loadAverage, 1),
    ]);
  }
  printRows(rows);
}
