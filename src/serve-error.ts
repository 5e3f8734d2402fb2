/** The server cannot listen where it was asked to (a port in use); its own module, so the CLI can tell it apart without loading the server. */
export class ServeError extends Error {
  override name = 'ServeError';
}
