// `npm run dev`: the API server (restarting on change) and Vite's dev server with hot reload,
// side by side. Vite proxies /api to the server, so open http://localhost:5173.
import { spawn } from 'node:child_process';

const children = [
  spawn('npm', ['run', 'dev', '-w', '@ampere/server'], { stdio: 'inherit' }),
  spawn('npm', ['run', 'dev', '-w', '@ampere/web'], { stdio: 'inherit' }),
];

function stop(code) {
  for (const child of children) child.kill('SIGTERM');
  process.exit(code);
}
for (const child of children) child.on('exit', (code) => stop(code ?? 0));
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));
