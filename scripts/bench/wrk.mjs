// Drives a server with wrk: writes the Lua script of a scenario and parses its result.
import { spawn, spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** True when the `wrk` load generator can be run. */
export function hasWrk() {
  const r = spawnSync('wrk', ['--version'], { encoding: 'utf8' });
  return !r.error && /wrk/.test(`${r.stdout}${r.stderr}`);
}

export function wrkVersion() {
  const r = spawnSync('wrk', ['--version'], { encoding: 'utf8' });
  return `${r.stdout}${r.stderr}`.split('\n')[0]?.trim() ?? 'unknown';
}

const luaString = (s) => {
  if (!/^[\x20-\x7e]*$/.test(s)) throw new Error(`only printable ASCII fits a wrk script: ${s}`);
  return `"${s.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
};

// done() runs once per wrk process, after the run: one JSON line with what we report.
const DONE = `
done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format('WRK_RESULT {"requests":%.0f,"durationUs":%.0f,"p50Us":%.0f,"p99Us":%.0f,"maxUs":%.0f,' ..
    '"connect":%.0f,"read":%.0f,"write":%.0f,"status":%.0f,"timeout":%.0f}\\n',
    summary.requests, summary.duration, latency:percentile(50), latency:percentile(99), latency.max,
    e.connect, e.read, e.write, e.status, e.timeout))
end
`;

/**
 * Connects to `address` whatever host the URL names: wrk sends the URL's host as the TLS
 * server name (SNI) and the Host header, so a custom domain can be driven on 127.0.0.1.
 */
const connectTo = (address) =>
  address === undefined ? [] : [`wrk.resolve = function(host, service) wrk.addrs = wrk.lookup(${luaString(address)}, service) end`];

/**
 * Writes a wrk Lua script that sends one fixed request (method, headers, body)
 * and prints the result as JSON. Fixed requests keep Lua off the per-request path.
 * With `address`, it connects there instead of to the URL's host.
 */
export function writeScript(dir, name, { method = 'GET', headers = {}, body, address } = {}) {
  const lines = [...connectTo(address), `wrk.method = ${luaString(method)}`];
  for (const [k, v] of Object.entries(headers)) lines.push(`wrk.headers[${luaString(k)}] = ${luaString(v)}`);
  if (body !== undefined) lines.push(`wrk.body = ${luaString(body)}`);
  const path = join(dir, `${name}.lua`);
  writeFileSync(path, `${lines.join('\n')}\n${DONE}`);
  return path;
}

/**
 * Writes a wrk Lua script that POSTs `{"<field>":n}` with n counting up from `first`, one value
 * per request (placeOrder on a fresh pet each time). With one wrk thread the values never repeat.
 */
export function writeSequenceScript(dir, name, { path, headers = {}, field, first }) {
  const lines = ['wrk.method = "POST"'];
  for (const [k, v] of Object.entries(headers)) lines.push(`wrk.headers[${luaString(k)}] = ${luaString(v)}`);
  lines.push(
    `local n = ${String(first - 1)}`,
    `request = function() n = n + 1; return wrk.format(nil, ${luaString(path)}, nil, '{"${field}":' .. n .. '}') end`,
  );
  const file = join(dir, `${name}.lua`);
  writeFileSync(file, `${lines.join('\n')}\n${DONE}`);
  return file;
}

/**
 * Writes a wrk Lua script that sends `every - 1` requests of `main` then one of
 * `other`, over and over, each built once (e.g. listPets with a creation in
 * every ten requests).
 */
export function writeMixScript(dir, name, { main, other, every }) {
  const request = ({ method = 'GET', path, headers = {}, body }) => {
    const h = Object.entries(headers)
      .map(([k, v]) => `[${luaString(k)}] = ${luaString(v)}`)
      .join(', ');
    return `wrk.format(${luaString(method)}, ${luaString(path)}, { ${h} }${body === undefined ? '' : `, ${luaString(body)}`})`;
  };
  // Built in init(): at load time wrk has not set the Host header that wrk.format copies.
  const lines = [
    'local main, other',
    `init = function(args) main = ${request(main)}; other = ${request(other)} end`,
    'local n = 0',
    `request = function() n = n + 1; if n % ${String(every)} == 0 then return other end; return main end`,
  ];
  const path = join(dir, `${name}.lua`);
  writeFileSync(path, `${lines.join('\n')}\n${DONE}`);
  return path;
}

/**
 * A script that runs `script` and also tells the answers of status 400 and above apart: `shed` counts 503s with
 * Retry-After (the service's answer when its database cannot serve in time), `other` every other one. Reading
 * each answer's status and headers in Lua costs per request, so only the smoke run asks for it.
 */
function withStatuses(script) {
  const path = script.replace(/\.lua$/, '') + '.statuses.lua';
  writeFileSync(
    path,
    `dofile(${luaString(script)})
shed, other = 0, 0
local threads = {}
setup = function(thread) table.insert(threads, thread) end
response = function(status, headers, body)
  if status >= 400 then
    if status == 503 and (headers["retry-after"] or headers["Retry-After"]) then shed = shed + 1 else other = other + 1 end
  end
end
local report = done
done = function(summary, latency, requests)
  local s, o = 0, 0
  for _, t in ipairs(threads) do s = s + t:get("shed"); o = o + t:get("other") end
  io.write(string.format('WRK_STATUSES {"shed":%.0f,"other":%.0f}\\n', s, o))
  report(summary, latency, requests)
end
`,
  );
  return path;
}

/**
 * Runs wrk for `seconds` against `url` and returns req/s, p50/p99 (ms) and error counts; with `statuses`, the
 * answers of status 400 and above split into `shed` and `other` (see withStatuses).
 */
export function runWrk({ url, script, connections, threads, seconds, statuses = false }) {
  const file = statuses ? withStatuses(script) : script;
  const args = [`-t${String(threads)}`, `-c${String(connections)}`, `-d${String(seconds)}s`, '--timeout', '5s', '-s', file, url];
  return new Promise((resolve, reject) => {
    const child = spawn('wrk', args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('error', reject);
    child.on('close', (code) => {
      const line = out.split('\n').find((l) => l.startsWith('WRK_RESULT '));
      if (code !== 0 || !line) {
        reject(new Error(`wrk ${args.join(' ')} failed (exit ${String(code)}):\n${out}`));
        return;
      }
      const r = JSON.parse(line.slice('WRK_RESULT '.length));
      const split = out.split('\n').find((l) => l.startsWith('WRK_STATUSES '));
      resolve({
        requests: r.requests,
        rps: r.requests / (r.durationUs / 1e6),
        p50Ms: r.p50Us / 1000,
        p99Ms: r.p99Us / 1000,
        maxMs: r.maxUs / 1000,
        errors: {
          non2xx3xx: r.status,
          connect: r.connect,
          read: r.read,
          write: r.write,
          timeout: r.timeout,
          ...(split ? { statuses: JSON.parse(split.slice('WRK_STATUSES '.length)) } : {}),
        },
      });
    });
  });
}
