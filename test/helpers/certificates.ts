import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface SelfSigned {
  certFile: string;
  keyFile: string;
  /** PEM texts of the two files. */
  cert: string;
  key: string;
}

/**
 * A self-signed ECDSA P-256 certificate made with openssl, written to `dir` as
 * `<file>.pem` and `<file>-key.pem`. `subjectAltName` as openssl takes it,
 * e.g. `DNS:www.shop.test` or `IP:127.0.0.1,DNS:localhost`.
 */
export function selfSigned(dir: string, file: string, options: { commonName: string; subjectAltName: string; days?: number }): SelfSigned {
  const certFile = join(dir, `${file}.pem`);
  const keyFile = join(dir, `${file}-key.pem`);
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
      String(options.days ?? 2),
      '-subj',
      `/CN=${options.commonName}`,
      '-addext',
      `subjectAltName=${options.subjectAltName}`,
      '-keyout',
      keyFile,
      '-out',
      certFile,
    ],
    { stdio: 'ignore' },
  );
  return { certFile, keyFile, cert: readFileSync(certFile, 'utf8'), key: readFileSync(keyFile, 'utf8') };
}
