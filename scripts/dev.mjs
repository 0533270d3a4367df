// `npm run dev`: the server with reload on change, and Vite's dev server with hot reload that
// proxies /api, /auth and /oidc to it. Open http://localhost:5173.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const env = { ...process.env, PUBLIC_URL: process.env.PUBLIC_URL ?? 'http://localhost:5173' };
const children = [
  spawn(path.join(root, 'node_modules/.bin/tsx'), ['watch', '--clear-screen=false', 'apps/server/src/main.ts'], { cwd: root, stdio: 'inherit', env }),
  spawn('npm', ['run', 'dev', '-w', 'apps/web'], { cwd: root, stdio: 'inherit', env }),
];
const stop = () => {
  for (const c of children) c.kill('SIGINT');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const c of children) c.on('exit', () => { stop(); process.exitCode = c.exitCode ?? 0; });
