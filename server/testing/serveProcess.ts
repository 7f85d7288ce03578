// The service as `npm run server` runs it, in a child process of its own, for tests of what
// only a real process shows (signals, exit codes, several instances on one database).
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const serveEntry = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../cli/serve.ts');

export interface ServeProcess {
  url: string;
  child: ChildProcess;
  /** Everything the process wrote to stdout so far. */
  output(): string;
  /** Settles with the exit code. */
  exited: Promise<number | null>;
}

export async function startServeProcess(dataDir: string, flags: string[] = []): Promise<ServeProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', serveEntry, '--port', '0', '--data-dir', dataDir, '--log-level', 'silent', ...flags], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const address = /Service listening on (http:\/\/\S+)/.exec(output)?.[1];
      if (address) resolve(address);
    });
    void exited.then((code) => reject(new Error(`service exited with code ${code} before listening: ${output}`)));
  });
  return { url, child, output: () => output, exited };
}
