import { createSecureContext, type SecureContext } from 'node:tls';

export interface CertificatePair {
  /** The certificate chain, leaf first (PEM). */
  cert: string;
  key: string;
}

function key(serverName: string): string {
  return serverName.replace(/\.$/, '').toLowerCase();
}

/** The server name the client asked for was not one of ours: the handshake is refused. */
export class UnknownServerNameError extends Error {
  constructor(readonly serverName: string) {
    super(`no certificate for server name "${serverName}"`);
    this.name = 'UnknownServerNameError';
  }
}

/**
 * TLS contexts by server name, for `SNICallback`. Only names put here by
 * `set` (verified, issued domains) get a certificate; any other name fails
 * the handshake, and nothing is ever ordered because a name arrived.
 * Replacing an entry serves the new certificate from the next handshake on.
 */
export class SniContexts {
  private readonly contexts = new Map<string, SecureContext>();

  /** Throws when the certificate or key is unusable (bad PEM, key not matching). */
  set(serverName: string, pair: CertificatePair): void {
    this.contexts.set(key(serverName), createSecureContext({ cert: pair.cert, key: pair.key }));
  }

  delete(serverName: string): boolean {
    return this.contexts.delete(key(serverName));
  }

  has(serverName: string): boolean {
    return this.contexts.has(key(serverName));
  }

  /** The server names with a context. */
  names(): string[] {
    return [...this.contexts.keys()];
  }

  get size(): number {
    return this.contexts.size;
  }

  /** Pass as `SNICallback`. A client that sends no SNI at all never reaches it and gets the server's default (none). */
  readonly callback = (serverName: string, done: (err: Error | null, ctx?: SecureContext) => void): void => {
    const context = this.contexts.get(key(serverName));
    if (context === undefined) done(new UnknownServerNameError(serverName));
    else done(null, context);
  };
}
