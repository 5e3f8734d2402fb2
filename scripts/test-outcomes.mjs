// A reporter for node --test (scripts/run-tests.mjs gives it a file): one JSON line per finished test or suite,
// `{ok, kind, name, skip?, todo?, failure?, error?}`, its name the path of suites above it joined by ` › `. The
// runner sums them up, lists every skipped test with its reason and every failure with the first line of its error.
export default async function* outcomes(source) {
  const path = [];
  for await (const { type, data } of source) {
    if (type === 'test:start') {
      path.length = data.nesting;
      path.push(data.name);
    } else if (type === 'test:pass' || type === 'test:fail') {
      const line = {
        ok: type === 'test:pass',
        kind: data.details?.type ?? 'test',
        name: [...path.slice(0, data.nesting), data.name].join(' › '),
        ...(data.skip === undefined ? {} : { skip: data.skip }),
        ...(data.todo === undefined ? {} : { todo: data.todo }),
        ...(type === 'test:fail' ? failure(data.details?.error) : {}),
      };
      yield `${JSON.stringify(line)}\n`;
    }
  }
}

/** How a test failed (Node's failureType) and the first line of the error that made it fail. */
function failure(error) {
  const cause = error?.cause ?? error;
  const message = String(cause?.message ?? cause ?? '')
    .split('\n')[0]
    .slice(0, 300);
  return { failure: error?.failureType ?? 'unknown', error: message };
}
