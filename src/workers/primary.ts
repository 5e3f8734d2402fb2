import cluster, { type Worker } from 'node:cluster';
import type { App } from '../app.js';
import type { Config } from '../config.js';
import { CountersHost } from './counters-host.js';
import { WORKER_ENV, type ToPrimary, type ToWorker } from './messages.js';
import type { ServerReadiness } from './channel.js';

/** The longest a replacement waits after workers died at start, doubling from 1 s with each one that did. */
const MAX_BACKOFF_MS = 30_000;
/** How long a ban waits for every worker to drop its cached copy of the key. */
const FORGET_WAIT_MS = 1000;
const READY_WAIT_MS = 1000;

interface Slot {
  worker: Worker;
  listening: boolean;
}

export interface Workers {
  /** Resolves once every worker listens; rejects with the exit status of a worker that ended during the start. */
  started: Promise<void>;
  /** Sends SIGTERM to every worker (each drains as a single process does) and resolves with the worst exit status. */
  stop(): Promise<number>;
  /** SIGKILL to every worker still running. */
  kill(): void;
}

/**
 * The primary of WORKERS > 1 (server.ts): forks the workers (the first alone, so an error at start is said once,
 * then the others), answers their counters (counters-host.ts), wakes its own webhook delivery worker for them,
 * relays a key every worker must forget, answers for the whole server's readiness, and replaces a worker that dies.
 */
export function startWorkers(app: App, config: Config, exitStatus: (code: number | null, signal: string | null) => number): Workers {
  const counters = new CountersHost(
    () => config.workers,
    (worker, id, subject) => {
      // A grant answered before the recall reaches the worker before it.
      flushAnswers();
      send(worker as Worker, { t: 'recall', id, subject });
    },
  );
  /** The answers of the counters message being read, sent together once it is read. */
  let answering: { worker: Worker; answers: { id: number; value: unknown }[] } | null = null;
  const flushAnswers = () => {
    if (answering === null || answering.answers.length === 0) return;
    send(answering.worker, { t: 'answers', answers: answering.answers });
    answering.answers = [];
  };
  const slots = new Map<number, Slot>();
  const forgetting = new Map<number, { waiting: Set<Worker>; done: () => void }>();
  let nextId = 1;
  let started = false;
  let stopping = false;
  let backoffMs = 0;
  let startFailed: (status: number) => void = () => undefined;
  let allStarted: () => void = () => undefined;
  const exits: number[] = [];
  let allExited: () => void = () => undefined;

  const send = (worker: Worker, message: ToWorker) => {
    if (worker.isConnected()) worker.send(message);
  };

  const answer = (worker: Worker, message: ToPrimary): void => {
    switch (message.t) {
      case 'counters': {
        // The answers of one message in one message; one that waits for a recall alone, when it comes.
        const reading = { worker, answers: [] as { id: number; value: unknown }[] };
        answering = reading;
        for (const { id, call } of message.calls) {
          counters.take(worker, call, (value) => {
            if (answering === reading) reading.answers.push({ id, value });
            else send(worker, { t: 'answers', answers: [{ id, value }] });
          });
        }
        flushAnswers();
        answering = null;
        return;
      }
      case 'returned':
        counters.returned(worker, message);
        return;
      case 'wake':
        app.webhooks.worker?.wake();
        return;
      case 'forget': {
        const id = nextId++;
        const others = [...slots.values()].map((s) => s.worker).filter((w) => w !== worker && w.isConnected());
        const done = () => {
          clearTimeout(timer);
          forgetting.delete(id);
          send(worker, { t: 'done', id: message.id });
        };
        const timer = setTimeout(done, FORGET_WAIT_MS);
        forgetting.set(id, { waiting: new Set(others), done });
        for (const other of others) send(other, { t: 'forget', id, keyId: message.keyId });
        if (others.length === 0) done();
        return;
      }
      case 'forgotten': {
        const waiting = forgetting.get(message.id);
        waiting?.waiting.delete(worker);
        if (waiting?.waiting.size === 0) waiting.done();
        return;
      }
      case 'ready':
        void readiness().then((value) => send(worker, { t: 'done', id: message.id, value }));
        return;
      case 'listening': {
        const slot = [...slots.values()].find((s) => s.worker === worker);
        if (slot) slot.listening = true;
        backoffMs = 0;
        if (!started && slots.size === 1 && config.workers > 1) forkRest();
        else if (!started && [...slots.values()].filter((s) => s.listening).length === config.workers) {
          started = true;
          allStarted();
        }
        return;
      }
    }
  };

  const readiness = async (): Promise<ServerReadiness> => {
    let database = 'up';
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        app.storage.ping(),
        new Promise((_, reject) => (timer = setTimeout(() => reject(new Error('no answer')), READY_WAIT_MS))),
      ]);
    } catch {
      database = 'down';
    } finally {
      clearTimeout(timer);
    }
    const listening = [...slots.values()].filter((s) => s.listening && s.worker.isConnected()).length;
    return { workers: listening, of: config.workers, primary: { database } };
  };

  const fork = (n: number): void => {
    const worker = cluster.fork({ [WORKER_ENV]: String(n) });
    slots.set(n, { worker, listening: false });
    worker.on('message', (message: ToPrimary) => answer(worker, message));
    worker.on('exit', (code, signal) => exited(n, worker, code, signal));
  };

  const forkRest = (): void => {
    for (let n = 2; n <= config.workers; n++) fork(n);
  };

  const exited = (n: number, worker: Worker, code: number | null, signal: string | null): void => {
    const slot = slots.get(n);
    if (slot?.worker !== worker) return;
    slots.delete(n);
    counters.gone(worker);
    for (const [, waiting] of forgetting) {
      waiting.waiting.delete(worker);
      if (waiting.waiting.size === 0) waiting.done();
    }
    if (stopping) {
      exits.push(exitStatus(code, signal));
      if (slots.size === 0) allExited();
      return;
    }
    if (!started) {
      // A worker that ends while the server starts said why (its one line, its status): the server stops with it.
      startFailed(exitStatus(code, signal));
      return;
    }
    if (slot.listening) {
      app.log.error({ worker: n, code, signal }, `worker ${String(n)} exited; replacing it`);
      fork(n);
      return;
    }
    // A replacement that ends before it listens: later and later, so a cause that lasts does not fork in a loop.
    backoffMs = Math.min(MAX_BACKOFF_MS, Math.max(1000, backoffMs * 2));
    app.log.error({ worker: n, code, signal, retryInMs: backoffMs }, `worker ${String(n)} exited while starting; replacing it later`);
    setTimeout(() => {
      if (!stopping) fork(n);
    }, backoffMs).unref();
  };

  const startedPromise = new Promise<void>((resolve, reject) => {
    allStarted = resolve;
    startFailed = (status) => reject(Object.assign(new Error('a worker ended while starting'), { status }));
  });
  fork(1);

  return {
    started: startedPromise,
    stop: () => {
      stopping = true;
      const done = new Promise<void>((resolve) => (allExited = resolve));
      if (slots.size === 0) allExited();
      for (const { worker } of slots.values()) worker.process.kill('SIGTERM');
      return done.then(() => exits.reduce((worst, status) => worse(worst, status), 0));
    },
    kill: () => {
      for (const { worker } of slots.values()) worker.process.kill('SIGKILL');
    },
  };
}

/** Of two exit statuses, the one the server exits with: a failure (1) before records not written (3) before 0. */
export function worse(a: number, b: number): number {
  const rank = (s: number) => (s === 0 ? 0 : s === 3 ? 1 : 2);
  return rank(b) > rank(a) ? b : a;
}
