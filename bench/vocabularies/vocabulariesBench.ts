// Vocabulary look-ups over HTTP against the service in a child process, on the shipped
// data: institution hints (typeahead prefixes of real names, and common words), e-mail
// domains, and location prefixes (with and without accents). One request at a time, so the
// figures are per-request latency, not throughput.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDatabase } from '../../server/storage/database.ts';
import { TokenService } from '../../server/auth/tokenService.ts';
import type { Institution, Location } from '../../shared/schemas/vocabulary.ts';
import { percentile, result, type BenchResult } from '../report.ts';
import { startServiceProcess } from '../serviceProcess.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const QUERIES = 400;

export async function runVocabulariesBench(): Promise<BenchResult[]> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'refshelf-vocab-bench-'));
  const { port, child } = await startServiceProcess(dataDir);
  try {
    const base = `http://127.0.0.1:${port}`;
    const headers = { Authorization: `Bearer ${await clientToken(dataDir)}` };
    const random = seeded(20240607);
    const institutions = readJson<Institution[]>('institutions.json');
    const locations = readJson<Location[]>('locations.json');

    // First use loads and indexes the data; measured apart from the searches.
    const coldInstitutions = (await timed(`${base}/institutions?hint=univ`, headers)).ms;
    const coldLocations = (await timed(`${base}/locations?prefix=Lon`, headers)).ms;

    const hints = Array.from({ length: QUERIES }, () => hintFor(pick(random, institutions).name, random));
    const emails = Array.from({ length: QUERIES / 2 }, () => emailFor(pick(random, institutions), random)).filter((e): e is string => Boolean(e));
    const prefixes = Array.from({ length: QUERIES }, () => prefixFor(pick(random, locations).name, random));

    const hintTimes = await latencies(base, headers, hints.map((h) => `/institutions?hint=${encodeURIComponent(h)}`));
    const emailTimes = await latencies(base, headers, emails.map((e) => `/institutions?email=${encodeURIComponent(e)}`));
    const prefixTimes = await latencies(base, headers, prefixes.map((p) => `/locations?prefix=${encodeURIComponent(p)}`));
    const note = (times: number[]) => `median ${percentile(times, 50).toFixed(2)} ms, max ${times[times.length - 1]!.toFixed(1)} ms, ${times.length} queries`;

    return [
      result('GET /institutions?hint= p95 latency', percentile(hintTimes, 95), 'ms', 'max', 10, note(hintTimes)),
      result('GET /institutions?email= p95 latency', percentile(emailTimes, 95), 'ms', 'max', 10, note(emailTimes)),
      result('GET /locations?prefix= p95 latency', percentile(prefixTimes, 95), 'ms', 'max', 10, note(prefixTimes)),
      result('first institution search (loads 54,147 institutions)', coldInstitutions, 'ms', 'max', 3000),
      result('first location search (loads the locations)', coldLocations, 'ms', 'max', 1000),
    ];
  } finally {
    child.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** What a person types: the start of a word of the name (3 to 10 characters), sometimes two words. */
function hintFor(name: string, random: () => number): string {
  const common = ['univ', 'university', 'institute', 'hospital', 'tech', 'college', 'research', 'national'];
  if (random() < 0.15) return common[Math.floor(random() * common.length)]!;
  const words = name.split(/\s+/).filter((w) => w.length >= 3);
  if (!words.length) return name.length >= 3 ? name : `${name}xx`.slice(0, 3);
  const start = Math.floor(random() * words.length);
  const text = random() < 0.3 ? words.slice(start, start + 2).join(' ') : words[start]!;
  return text.slice(0, Math.max(3, Math.min(text.length, 3 + Math.floor(random() * 8))));
}

function emailFor(institution: Institution, random: () => number): string | undefined {
  const url = institution.urls?.[0];
  if (!url) return undefined;
  try {
    const host = new URL(url).hostname.replace(/^www\./, '');
    // Half the addresses come from a department's sub-domain (a partial match).
    return random() < 0.5 ? `someone@${host}` : `someone@dept.${host}`;
  } catch {
    return undefined;
  }
}

/** A location prefix of 2 to 6 characters; a third of them typed without accents. */
function prefixFor(name: string, random: () => number): string {
  const prefix = name.slice(0, 2 + Math.floor(random() * 5));
  return random() < 0.33 ? prefix.normalize('NFD').replace(/\p{M}/gu, '') : prefix;
}

async function latencies(base: string, headers: Record<string, string>, paths: string[]): Promise<number[]> {
  for (const p of paths.slice(0, 20)) await timed(`${base}${p}`, headers); // warm the JIT
  const times: number[] = [];
  for (const p of paths) times.push((await timed(`${base}${p}`, headers)).ms);
  return times.sort((a, b) => a - b);
}

async function timed(url: string, headers: Record<string, string>): Promise<{ ms: number; count: number }> {
  const start = performance.now();
  const response = await fetch(url, { headers });
  const body = (await response.json()) as unknown[];
  const ms = performance.now() - start;
  if (response.status !== 200 || !Array.isArray(body)) throw new Error(`${url} answered ${response.status}: ${JSON.stringify(body)}`);
  return { ms, count: body.length };
}

async function clientToken(dataDir: string): Promise<string> {
  const database = await openDatabase(dataDir);
  try {
    return (await new TokenService(database.db, 3600, 3600).issue('bench', null, 'all', false)).accessToken;
  } finally {
    await database.close();
  }
}

function readJson<T>(file: string): T {
  return JSON.parse(readFileSync(path.join(root, 'resources/vocabularies', file), 'utf8')) as T;
}

function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

function pick<T>(random: () => number, list: readonly T[]): T {
  return list[Math.floor(random() * list.length)]!;
}
