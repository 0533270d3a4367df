/** Starts the real Haulboard server as a child process against the bench database. */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export type TServer = {
  baseUrl: string;
  pid: number | undefined;
  /** Kills the server at once (SIGKILL to it and its tsx wrapper), as a crash would. */
  kill: () => Promise<void>;
  /** CPU time (user + system, ms) the server's processes have used so far; null off Linux. */
  cpuMs: () => number | null;
  stop: () => Promise<void>;
};

const CLOCK_TICKS_PER_SECOND = 100;

/** User + system CPU time of a process and its descendants from /proc (the tsx wrapper runs
 * the server in a child process). */
export function processTreeCpuMs(pid: number): number | null {
  try {
    // Fields after the command name: utime and stime are the 12th and 13th.
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    let ms = ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS_PER_SECOND;
    const children = fs.readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim();
    for (const child of children ? children.split(' ') : []) ms += processTreeCpuMs(Number(child)) ?? 0;
    return ms;
  } catch {
    return null;
  }
}

/** The process ids below a process (Linux /proc); empty elsewhere. */
export function descendants(pid: number): number[] {
  try {
    const children = fs.readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim();
    const ids = children ? children.split(' ').map(Number) : [];
    return ids.flatMap((id) => [id, ...descendants(id)]);
  } catch {
    return [];
  }
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

export type TStartOptions = {
  timeoutSeconds?: number;
  /** More environment for the server (e.g. a shared SESSION_SECRET); wins over the defaults. */
  env?: Record<string, string>;
  /** The port to listen on (a restart on the same address); a free one by default. */
  port?: number;
  /** Prefix of the server's stderr lines echoed here. */
  label?: string;
};

/** Starts the server on PostgreSQL (a connection string) or on PGlite (`{ dataDir }`). */
export async function startServer(database: string | { dataDir: string }, options: TStartOptions = {}): Promise<TServer> {
  const port = options.port ?? (await freePort());
  const baseUrl = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(path.join(repoRoot, 'node_modules/.bin/tsx'), ['apps/server/src/main.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      ...(typeof database === 'string' ? { DATABASE_URL: database } : { DATABASE_URL: '', HAULBOARD_DATA_DIR: database.dataDir }),
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseUrl,
      HAULBOARD_DEMO: '0',
      LOG_LEVEL: 'warn',
      // The benchmark is one session sending as fast as it can: the per-session API limit is off.
      API_RATE_LIMIT: '0',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d) => {
    output += d;
  });
  child.stderr?.on('data', (d) => {
    output += d;
    // Warnings and errors the server logs during the run are worth seeing (the built-in sign-in
    // provider's notice about its in-memory store is not).
    const text = String(d);
    if (!text.includes('oidc-provider WARNING')) process.stderr.write(`[${options.label ?? 'server'}] ${text}`);
  });
  let exited: number | null = null;
  child.on('exit', (code) => {
    exited = code ?? -1;
  });

  const stop = async () => {
    if (exited !== null) return;
    const gone = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
    await gone;
    clearTimeout(timer);
  };
  const kill = async () => {
    if (exited !== null) return;
    const gone = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    // tsx runs the server in a child of its own: kill that one too, or it would live on.
    for (const pid of child.pid ? descendants(child.pid) : []) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        /* already gone */
      }
    }
    child.kill('SIGKILL');
    await gone;
  };
  process.once('exit', () => {
    if (exited === null) child.kill('SIGKILL');
  });

  const deadline = Date.now() + (options.timeoutSeconds ?? 120) * 1000;
  while (Date.now() < deadline) {
    if (exited !== null) throw new Error(`The server exited (code ${exited}) before it answered:\n${output}`);
    try {
      const res = await fetch(`${baseUrl}/api/health`);
      if (res.ok) {
        await res.text();
        return { baseUrl, pid: child.pid, cpuMs: () => (child.pid ? processTreeCpuMs(child.pid) : null), stop, kill };
      }
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  await stop();
  throw new Error(`The server did not answer /api/health within ${options.timeoutSeconds ?? 120} s:\n${output}`);
}
