// Whether the running Node.js can run Petstore, checked before anything native loads (bin/petstore) and
// before `npm ci` installs anything (scripts/check-node.mjs): better-sqlite3 on an older Node crashes with
// a bare "Segmentation fault" instead of saying why. Plain JavaScript without imports, so it runs on any Node.

/** The oldest Node.js release supported: package.json's `engines.node` (test/runtime/engines.test.ts checks they agree). */
export const OLDEST = { major: 22, minor: 14 };

/** Whether `version` (`v22.14.0`, `22.14.0`) is OLDEST or later. */
export function isSupported(version) {
  const match = /^v?(\d+)\.(\d+)\./.exec(version);
  if (!match) return false;
  const major = Number(match[1]);
  const minor = Number(match[2]);
  return major > OLDEST.major || (major === OLDEST.major && minor >= OLDEST.minor);
}

/** The one line that stops a start (or an install) on `version`, or null when it is supported. */
export function refusal(version) {
  if (isSupported(version)) return null;
  const oldest = `${String(OLDEST.major)}.${String(OLDEST.minor)}`;
  return `petstore: Node.js ${oldest} or later is needed, this is ${version}: run \`. scripts/use-node.sh 24\` in this shell, then try again`;
}
