import { Writable } from 'node:stream';

/** Collects what the app logs (pass `stream` as the app's logStream), as text and as lines. */
export function logCapture() {
  let text = '';
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      text += chunk.toString('utf8');
      done();
    },
  });
  return { stream, text: () => text, lines: () => text.split('\n').filter((l) => l !== '') };
}
