/** What `onDeprecation` receives: an operation answered with `Deprecation` (RFC 9745). */
export interface DeprecationInfo {
  /** The client method's operation, e.g. `getPet`. */
  operation: string;
  /** Since when it is deprecated (from `Deprecation: @<unix seconds>`); null if the header is not of that form. */
  deprecatedAt: Date | null;
  /** When it is removed (`Sunset`, RFC 8594): from then on it answers 410 `gone`. Null without the header. */
  sunset: Date | null;
  /** What to call instead (`Link: <…>; rel="successor-version"`), e.g. `/v1/pets`; null without one. */
  successor: string | null;
}

/** The deprecation an answer's headers announce, or null when it carries no `Deprecation`. */
export function deprecationOf(operation: string, headers: Headers): DeprecationInfo | null {
  const deprecation = headers.get('deprecation');
  if (deprecation === null) return null;
  const at = /^@(-?\d+)$/.exec(deprecation.trim());
  const sunsetHeader = headers.get('sunset');
  const sunset = sunsetHeader === null ? null : new Date(sunsetHeader);
  const successor = /<([^>]*)>\s*;[^,]*rel="?successor-version"?/i.exec(headers.get('link') ?? '')?.[1] ?? null;
  return {
    operation,
    deprecatedAt: at?.[1] === undefined ? null : new Date(Number(at[1]) * 1000),
    sunset: sunset !== null && !Number.isNaN(sunset.getTime()) ? sunset : null,
    successor,
  };
}

/** The default `onDeprecation`: one warning on the console. */
export function warnDeprecation(info: DeprecationInfo): void {
  const when = info.sunset ? ` and removed on ${info.sunset.toUTCString()}` : '';
  const instead = info.successor ? `; use ${info.successor} instead` : '';
  console.warn(`@petstore/client: ${info.operation} is deprecated${when}${instead}.`);
}

/** Calls `notify` at most once per operation: the first answer of each that carries `Deprecation`. */
export function oncePerOperation(notify: (info: DeprecationInfo) => void): (operation: string, headers: Headers) => void {
  const seen = new Set<string>();
  return (operation, headers) => {
    if (seen.has(operation)) return;
    const info = deprecationOf(operation, headers);
    if (info === null) return;
    seen.add(operation);
    notify(info);
  };
}
