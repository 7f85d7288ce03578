// The person's full name as the OS knows it, to name the local account on first run (a
// login such as "root" or "jdoe" is a poor author name). Each lookup is best effort and
// bounded: a missing tool or a slow directory service falls back to the login.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import os from 'node:os';

export interface PersonName {
  first: string;
  last: string;
}

/** Splits "Ada King Lovelace" into first "Ada King" and last "Lovelace"; "Surname, Given" too. */
export function splitFullName(fullName: string): PersonName | undefined {
  const clean = fullName.replace(/\s+/g, ' ').trim();
  if (!clean) return undefined;
  const comma = clean.indexOf(',');
  if (comma > 0) {
    const last = clean.slice(0, comma).trim();
    const first = clean.slice(comma + 1).trim();
    return last ? { first, last } : undefined;
  }
  const words = clean.split(' ');
  const last = words.pop() ?? '';
  return words.length ? { first: words.join(' '), last } : { first: last, last: '' };
}

/** The GECOS full name of a login in an /etc/passwd text (its first comma-separated field). */
export function gecosFullName(passwdText: string, login: string): string | undefined {
  for (const line of passwdText.split('\n')) {
    const fields = line.split(':');
    if (fields[0] !== login || fields.length < 5) continue;
    const name = (fields[4] ?? '').split(',')[0]?.trim();
    return name || undefined;
  }
  return undefined;
}

function run(command: string, args: string[]): string | undefined {
  try {
    return execFileSync(command, args, { encoding: 'utf8', timeout: 4000, stdio: ['ignore', 'pipe', 'ignore'], windowsHide: true }).trim() || undefined;
  } catch {
    return undefined;
  }
}

function systemFullName(login: string, platform: NodeJS.Platform): string | undefined {
  if (platform === 'darwin') return run('id', ['-F', login]);
  if (platform === 'win32') {
    // The display name of the signed-in account (local or domain), without loading a module.
    return run('powershell.exe', ['-NoProfile', '-NonInteractive', '-Command',
      'try { Add-Type -AssemblyName System.DirectoryServices.AccountManagement; [System.DirectoryServices.AccountManagement.UserPrincipal]::Current.DisplayName } catch { (Get-LocalUser -Name $env:USERNAME).FullName }']);
  }
  try {
    return gecosFullName(readFileSync('/etc/passwd', 'utf8'), login);
  } catch {
    return undefined;
  }
}

function login(): string {
  try {
    return os.userInfo().username;
  } catch {
    return '';
  }
}

/** The OS user's name split for a profile: the full name where the OS has one, else the login; both parts non-empty. */
export function osPersonName(platform: NodeJS.Platform = process.platform): PersonName {
  const user = login();
  const full = user ? systemFullName(user, platform) : undefined;
  const fromFull = full ? splitFullName(full) : undefined;
  if (fromFull?.last) return fromFull;
  // A profile needs both names; with only one word, it reads as "jdoe (this computer)".
  return { first: fromFull?.first || user || 'Local', last: '(this computer)' };
}
