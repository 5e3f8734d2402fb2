import { spawn, type ChildProcess } from 'node:child_process';
import { promises as dns } from 'node:dns';
import { once } from 'node:events';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { selfSigned } from './certificates.js';
import { freePort } from './redis-server.js';

export const PEBBLE = '/usr/bin/pebble';
export const CHALLTESTSRV = '/usr/bin/pebble-challtestsrv';

/**
 * Whether this machine has Debian's `pebble` package. Under CI=true a missing
 * binary is an error; elsewhere the suite is skipped and says why.
 */
export function pebbleAvailable(): true | string {
  const missing = [PEBBLE, CHALLTESTSRV].filter((p) => !existsSync(p));
  if (missing.length === 0) return true;
  const reason = `ACME tests skipped: ${missing.join(', ')} not found (apt-get install pebble to run them)`;
  if (process.env.CI === 'true') throw new Error(`${reason}; under CI=true they may not be skipped`);
  process.stderr.write(`# ${reason}\n`);
  return reason;
}

export interface CaaPolicy {
  tag: string;
  value: string;
}

/** A running Pebble (ACME test CA) and pebble-challtestsrv (its DNS), on loopback ports of their own. */
export interface PebbleRig {
  /** The ACME directory, e.g. https://127.0.0.1:40001/dir */
  directoryUrl: string;
  /** PEM file of the certificate Pebble's own listener presents: what ACME_CA_FILE names. */
  caFile: string;
  /** The mock DNS server as `127.0.0.1:port`: what DNS_SERVERS names. */
  dnsServer: string;
  addA(host: string, addresses: string[]): Promise<void>;
  clearA(host: string): Promise<void>;
  addAaaa(host: string, addresses: string[]): Promise<void>;
  clearAaaa(host: string): Promise<void>;
  setCname(host: string, target: string): Promise<void>;
  clearCname(host: string): Promise<void>;
  /** Sets the TXT record at `host` (one value; challtestsrv's DNS-01 record). */
  setTxt(host: string, value: string): Promise<void>;
  clearTxt(host: string): Promise<void>;
  addCaa(host: string, policies: CaaPolicy[]): Promise<void>;
  clearCaa(host: string): Promise<void>;
  /** Makes the DNS server answer SERVFAIL for every query about `host`. */
  setServfail(host: string): Promise<void>;
  clearServfail(host: string): Promise<void>;
  /** Pebble's issuing root (new at every start), from its management port. */
  root(): Promise<string>;
  /** Stops both daemons and removes the files written for them. */
  stop(): Promise<void>;
}

function httpsGet(url: string, ca: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { ca, timeout: 2000 }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      res.on('error', reject);
    });
    req.on('timeout', () => req.destroy(new Error(`GET ${url} timed out`)));
    req.on('error', reject);
    req.end();
  });
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGKILL');
  await exited;
}

function spawnLogged(bin: string, args: string[], env: NodeJS.ProcessEnv, output: string[]): ChildProcess {
  const child = spawn(bin, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  const keep = (chunk: Buffer): void => {
    output.push(chunk.toString());
    if (output.length > 200) output.shift();
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  return child;
}

/** Polls `ready` every 50 ms for up to 10 s; fails with the daemon's output if it never holds. */
async function waitUntil(name: string, child: ChildProcess, output: string[], ready: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break;
    if (await ready().catch(() => false)) return;
    await sleep(50);
  }
  throw new Error(`${name} did not start:\n${output.join('')}`);
}

/**
 * Starts pebble-challtestsrv (DNS only: no default addresses, no challenge
 * listeners of its own) and Pebble, which resolves through it and dials
 * `httpPort` on 127.0.0.1 for http-01 challenges.
 */
export async function startPebble(options: { httpPort: number }): Promise<PebbleRig> {
  const dir = mkdtempSync(join(tmpdir(), 'petstore-pebble-'));
  const children: ChildProcess[] = [];
  const output: string[] = [];
  // Should the test process end without calling stop(), the daemons must not outlive it.
  const killOnExit = (): void => {
    for (const child of children) child.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  };
  process.once('exit', killOnExit);
  const stop = async (): Promise<void> => {
    process.removeListener('exit', killOnExit);
    await Promise.all(children.map(stopChild));
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    const [dnsPort, challMgmtPort, acmePort, acmeMgmtPort, tlsPort] = await Promise.all(Array.from({ length: 5 }, () => freePort()));
    // Pebble's own HTTPS listener presents this self-signed certificate; clients trust it through ACME_CA_FILE.
    const {
      certFile,
      keyFile,
      cert: ca,
    } = selfSigned(dir, 'listener', {
      commonName: 'Pebble listener (test)',
      subjectAltName: 'IP:127.0.0.1,DNS:localhost',
    });
    const configFile = join(dir, 'pebble-config.json');
    writeFileSync(
      configFile,
      JSON.stringify({
        pebble: {
          listenAddress: `127.0.0.1:${String(acmePort)}`,
          managementListenAddress: `127.0.0.1:${String(acmeMgmtPort)}`,
          certificate: certFile,
          privateKey: keyFile,
          httpPort: options.httpPort,
          tlsPort,
          ocspResponderURL: '',
          externalAccountBindingRequired: false,
        },
      }),
    );

    const dnsServer = `127.0.0.1:${String(dnsPort)}`;
    const chall = spawnLogged(
      CHALLTESTSRV,
      [
        '-defaultIPv4',
        '',
        '-defaultIPv6',
        '',
        '-http01',
        '',
        '-https01',
        '',
        '-tlsalpn01',
        '',
        '-dns01',
        dnsServer,
        '-management',
        `127.0.0.1:${String(challMgmtPort)}`,
      ],
      {},
      output,
    );
    children.push(chall);
    const probe = new dns.Resolver({ timeout: 300, tries: 1 });
    probe.setServers([dnsServer]);
    await waitUntil('pebble-challtestsrv', chall, output, async () => {
      try {
        await probe.resolve4('probe.test');
        return true;
      } catch (e) {
        return (e as NodeJS.ErrnoException).code === 'ENODATA';
      }
    });

    const pebble = spawnLogged(
      PEBBLE,
      ['-config', configFile, '-dnsserver', dnsServer],
      { PEBBLE_VA_NOSLEEP: '1', PEBBLE_WFE_NONCEREJECT: '0', PEBBLE_AUTHZREUSE: '0' },
      output,
    );
    children.push(pebble);
    const directoryUrl = `https://127.0.0.1:${String(acmePort)}/dir`;
    await waitUntil('pebble', pebble, output, async () => (await httpsGet(directoryUrl, ca)).status === 200);

    const manage = async (path: string, body: object): Promise<void> => {
      const res = await fetch(`http://127.0.0.1:${String(challMgmtPort)}${path}`, {
        method: 'POST',
        body: JSON.stringify(body),
      });
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`challtestsrv ${path} answered ${String(res.status)}`);
    };
    return {
      directoryUrl,
      caFile: certFile,
      dnsServer,
      addA: (host, addresses) => manage('/add-a', { host, addresses }),
      clearA: (host) => manage('/clear-a', { host }),
      addAaaa: (host, addresses) => manage('/add-aaaa', { host, addresses }),
      clearAaaa: (host) => manage('/clear-aaaa', { host }),
      setCname: (host, target) => manage('/set-cname', { host, target }),
      clearCname: (host) => manage('/clear-cname', { host }),
      setTxt: (host, value) => manage('/set-txt', { host: `${host}.`, value }),
      clearTxt: (host) => manage('/clear-txt', { host: `${host}.` }),
      addCaa: (host, policies) => manage('/add-caa', { host, policies }),
      clearCaa: (host) => manage('/clear-caa', { host }),
      setServfail: (host) => manage('/set-servfail', { host }),
      clearServfail: (host) => manage('/clear-servfail', { host }),
      root: async () => {
        const res = await httpsGet(`https://127.0.0.1:${String(acmeMgmtPort)}/roots/0`, ca);
        if (res.status !== 200) throw new Error(`Pebble /roots/0 answered ${String(res.status)}`);
        return res.body;
      },
      stop,
    };
  } catch (e) {
    await stop();
    throw e;
  }
}
