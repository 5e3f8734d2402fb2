#!/usr/bin/env node
// Prints where a V8 CPU profile (node --cpu-prof) spent its time: self time per
// function and per package/file group. Usage: node profile-summary.mjs FILE [TOP]
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

function group(url) {
  if (!url) return '(native/V8)';
  if (url.startsWith('node:'))
    return url
      .replace(/^node:(internal\/)?/, 'node:')
      .split('/')
      .slice(0, 2)
      .join('/');
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return pkg[1];
  const own = /\/(dist|src)\/(.+)$/.exec(url);
  return own ? `petstore ${own[2]}` : url;
}

/** Self time per function and per group, in percent of all samples. */
export function summariseProfile(file, top = 25) {
  const profile = JSON.parse(readFileSync(file, 'utf8'));
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map();
  const deltas = profile.timeDeltas ?? [];
  profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (deltas[i] ?? 0)));
  const byFunction = new Map();
  const byGroup = new Map();
  let total = 0;
  for (const [id, us] of self) {
    const { callFrame: f } = nodes.get(id);
    // Idle time is waiting for work; shares are of the time spent working.
    if (f.functionName === '(idle)') continue;
    total += us;
    const where = f.url ? `${f.url.replace(/^.*\/(node_modules|dist)\//, '$1/')}:${String(f.lineNumber + 1)}` : '';
    const name = `${f.functionName || '(anonymous)'} ${where}`.trim();
    byFunction.set(name, (byFunction.get(name) ?? 0) + us);
    byGroup.set(group(f.url), (byGroup.get(group(f.url)) ?? 0) + us);
  }
  // Inclusive time: a sample counts once for every distinct function on its stack.
  const parent = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const inclusive = new Map();
  profile.samples.forEach((id, i) => {
    const seen = new Set();
    for (let at = id; at !== undefined; at = parent.get(at)) {
      const { callFrame: f } = nodes.get(at);
      if (f.functionName === '(idle)' || f.functionName === '(root)') continue;
      const name =
        `${f.functionName || '(anonymous)'} ${f.url ? `${f.url.replace(/^.*\/(node_modules|dist)\//, '$1/')}:${String(f.lineNumber + 1)}` : ''}`.trim();
      if (seen.has(name)) continue;
      seen.add(name);
      inclusive.set(name, (inclusive.get(name) ?? 0) + (deltas[i] ?? 0));
    }
  });
  const print = (title, map, n) => {
    console.log(title);
    for (const [name, us] of [...map].sort((a, b) => b[1] - a[1]).slice(0, n)) {
      console.log(`  ${((100 * us) / total).toFixed(1).padStart(5)}%  ${name}`);
    }
  };
  console.log(
    `busy ${(total / 1e6).toFixed(1)} s of ${((profile.endTime - profile.startTime) / 1e6).toFixed(1)} s profiled; shares of busy time`,
  );
  print('self time by package or file:', byGroup, 15);
  print(`self time by function (top ${String(top)}):`, byFunction, top);
  if (process.env.PROFILE_INCLUSIVE) print(`inclusive time by function (top ${String(top)}):`, inclusive, top);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  summariseProfile(process.argv[2] ?? '', Number(process.argv[3] ?? 40));
}
