import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';
import { GroupCommit } from '../storage/sqlite/group-commit.js';
import { openRequestLogRepository, sqliteRowWriter } from './repository.js';
import { decode, type WriterReply, type WriterTask } from './thread-writer.js';

/**
 * The request log's writer thread (SQLite on a file): its own connection to the service's database
 * writes what the recorder hands over and runs the purge, so neither takes the event loop's time.
 * WAL lets the service's connection read meanwhile; a write of the service waits for at most one
 * transaction of this thread (a thousand rows: a few milliseconds).
 */
const { path } = workerData as { path: string };
const sqlite = new Database(path, { fileMustExist: true });
sqlite.pragma('busy_timeout = 5000');
sqlite.pragma('foreign_keys = ON');
// Every write of this connection is the log's: a commit needs no fsync (the next durable commit of the
// service syncs the write-ahead log up to it; a power failure can lose the last second of the log).
sqlite.pragma('synchronous = NORMAL');
sqlite.pragma('cache_size = -4096');
const log = openRequestLogRepository({ engine: 'sqlite', sqlite, writes: new GroupCommit(sqlite) });
const add = sqlite.transaction(sqliteRowWriter(sqlite));

async function run(task: WriterTask): Promise<number> {
  if (task.kind === 'add') {
    add(decode(task));
    return 0;
  }
  return log.purge(new Date(task.before), task.projects, task.keep);
}

const port = parentPort;
if (port) {
  port.on('message', (task: WriterTask | { kind: 'close' }) => {
    if (task.kind === 'close') {
      sqlite.close();
      port.close();
      return;
    }
    run(task).then(
      (removed): void => port.postMessage({ seq: task.seq, ok: true, removed } satisfies WriterReply),
      (err: unknown): void =>
        port.postMessage({ seq: task.seq, ok: false, message: err instanceof Error ? err.message : String(err) } satisfies WriterReply),
    );
  });
}
