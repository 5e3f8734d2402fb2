// A custom domain for the HTTPS scenarios, without an ACME CA: a self-signed certificate made
// with openssl, stored through the service's own repository and key sealing, so the service
// finds the domain verified with its certificate issued exactly as after a real order.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './processes.mjs';

/** A self-signed ECDSA P-256 certificate for `name` (as test/domains/sni.test.ts makes them); PEM files in `dir`. */
export function selfSignedCertificate(dir, name) {
  const certFile = join(dir, `${name}.pem`);
  const keyFile = join(dir, `${name}-key.pem`);
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-days',
      '2',
      '-subj',
      `/CN=${name}`,
      '-addext',
      `subjectAltName=DNS:${name}`,
      '-keyout',
      keyFile,
      '-out',
      certFile,
    ],
    { stdio: 'ignore' },
  );
  return { certFile, keyFile, cert: readFileSync(certFile, 'utf8'), key: readFileSync(keyFile, 'utf8') };
}

/**
 * Adds `name` to project `slug` in the database at `databaseUrl`, verified, with `certificate`
 * issued and its key sealed under `secretsKey`, through the service's repository (dist/).
 */
export async function seedIssuedDomain({ databaseUrl, secretsKey, slug, name, certificate }) {
  const dist = (path) => import(join(ROOT, 'dist', path));
  const [{ openAppStorage }, { openDomainRepository }, { openProjectRepository }, { keySealer }] = await Promise.all([
    dist('features.js'),
    dist('domains/repository.js'),
    dist('projects/repository.js'),
    dist('domains/acme/key-sealing.js'),
  ]);
  const storage = await openAppStorage({ databaseUrl, databasePoolSize: 1 });
  try {
    const project = await openProjectRepository(storage.database).findBySlug(slug);
    if (!project) throw new Error(`project ${slug} not found`);
    const domains = openDomainRepository(storage.database);
    const now = new Date();
    const created = await domains.create({ projectId: project.id, name, kind: 'subdomain', message: 'added by the bench', now });
    if (!created) throw new Error(`the domain ${name} already exists`);
    await domains.saveCheck(name, {
      status: 'verified',
      reason: null,
      message: 'verified (seeded by the bench)',
      found: { cname: 'localhost', addresses: [] },
      checkedAt: now,
      checkAttempts: 1,
      nextCheckAt: null,
      verifiedAt: now,
    });
    const day = 24 * 3600_000;
    await domains.storeCertificate(name, {
      chain: certificate.cert,
      key: keySealer(secretsKey).seal(certificate.key, name),
      expiresAt: new Date(now.getTime() + 2 * day),
      renewAt: new Date(now.getTime() + day),
    });
  } finally {
    await storage.close();
  }
}
