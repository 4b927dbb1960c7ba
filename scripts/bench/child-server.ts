import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import http from 'node:http';
import net from 'node:net';
import type { MemorySample } from './process-memory';
import { sampleMemory } from './process-memory';
import { cpuTimeMs } from './process-cpu';

/** How to start one server under test and how to tell that it serves. */
export interface ServerSpec {
  readonly name: string;
  readonly command: string;
  /** `{port}` is replaced by the port chosen for this server. */
  readonly args: readonly string[];
  /** Origin-relative request that must answer 2xx once the server is ready. */
  readonly probe: { readonly path: string; readonly headers: Readonly<Record<string, string>> };
}

export interface ChildServer {
  readonly name: string;
  readonly pid: number;
  /** `http://127.0.0.1:PORT`, no base path. */
  readonly origin: string;
  /** Spawn → first successful (2xx) response to the probe, in ms. */
  readonly startupMs: number;
  memory(): MemorySample | undefined;
  /** CPU time used so far (user + system, with children), ms. */
  cpuMs(): number | undefined;
  /** SIGTERM, then SIGKILL after `graceMs`; resolves once the process has exited. */
  stop(graceMs?: number): Promise<void>;
}

const POLL_MS = 5;

/** Spawns a server on 127.0.0.1 and a free port, and polls it until it answers. */
export async function startChildServer(spec: ServerSpec, timeoutMs = 60_000): Promise<ChildServer> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const args = spec.args.map((arg) => arg.replace('{port}', String(port)));
  const started = performance.now();
  const child = spawn(spec.command, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.setEncoding('utf8');
  child.stderr?.on('data', (chunk: string) => {
    stderr = (stderr + chunk).slice(-2_000);
  });
  const stop = (graceMs = 5_000): Promise<void> => stopChild(child, graceMs);
  try {
    await waitUntilReady(child, origin, spec.probe, started + timeoutMs);
  } catch (err) {
    await stop(1_000);
    throw new Error(`${spec.name} did not start: ${(err as Error).message}${stderr ? `\n${stderr}` : ''}`);
  }
  const startupMs = Math.round(performance.now() - started);
  const pid = child.pid as number;
  return {
    name: spec.name,
    pid,
    origin,
    startupMs,
    memory: () => sampleMemory(pid),
    cpuMs: () => cpuTimeMs(pid),
    stop,
  };
}

async function waitUntilReady(
  child: ChildProcess,
  origin: string,
  probe: ServerSpec['probe'],
  deadline: number,
): Promise<void> {
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`exited early (code ${child.exitCode ?? child.signalCode})`);
    }
    const status = await probeOnce(origin + probe.path, probe.headers);
    if (status !== undefined && status >= 200 && status < 300) return;
    if (performance.now() > deadline)
      throw new Error(`no 2xx from ${probe.path} in time (last status ${status ?? 'none'})`);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

function probeOnce(url: string, headers: Readonly<Record<string, string>>): Promise<number | undefined> {
  return new Promise((resolve) => {
    const req = http.get(url, { headers, agent: false, timeout: 2_000 }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode));
      res.on('error', () => resolve(undefined));
    });
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve(undefined));
  });
}

function stopChild(child: ChildProcess, graceMs: number): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/** A port the kernel just handed out; it is closed again at once for the child to take. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address() as net.AddressInfo;
      probe.close(() => resolve(address.port));
    });
  });
}
