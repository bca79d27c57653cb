import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/**
 * The arguments `npm start` runs the built server with (the root package.json's `start`
 * script): its Node flags, then `extraNodeArgs`, then the entry point — so a benchmark measures
 * the server as it is deployed.
 */
export function serverArgs(extraNodeArgs: readonly string[] = []): string[] {
  const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
    scripts: { start: string };
  };
  const match = /\bnode((?:\s+--[\w-]+(?:=\S+)?)*)\s+(apps\/server\/dist\/main\.js)\b/.exec(
    pkg.scripts.start,
  );
  if (!match?.[2])
    throw new Error('package.json start script: no `node … apps/server/dist/main.js`');
  const flags = (match[1] ?? '').split(/\s+/).filter(Boolean);
  return [...flags, ...extraNodeArgs, path.join(ROOT, match[2])];
}

/** Starts a server process and resolves once `readyUrl` answers 200 (bounded wait). */
export async function startProcess(
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  readyUrl: string,
): Promise<{ child: ChildProcess; stop: () => Promise<void> }> {
  const child = spawn(command, args, {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${args.join(' ')} exited with ${child.exitCode}`);
    if (Date.now() > deadline) {
      child.kill('SIGTERM'); // never left running behind a failed bench
      throw new Error(`${readyUrl} not ready in 60 s`);
    }
    try {
      if ((await fetch(readyUrl)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    child,
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    },
  };
}
