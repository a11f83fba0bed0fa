// `npm run dev`: the API with reload on :3000 and Vite on :5173 (which forwards API paths).
import { spawn } from 'node:child_process';

const processes = [
  spawn('npm', ['run', 'dev', '-w', '@agentry/server'], { stdio: 'inherit' }),
  spawn('npm', ['run', 'dev', '-w', '@agentry/web'], { stdio: 'inherit' }),
];
const stop = () => processes.forEach((child) => child.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of processes)
  child.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
