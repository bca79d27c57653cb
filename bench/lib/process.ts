import { spawn, type ChildProcess } from 'node:child_process';

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
    if (Date.now() > deadline) throw new Error(`${readyUrl} not ready in 60 s`);
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
