// Where the account's secrets live: tokens per service and the embedded service's local
// account. In the desktop shell they are encrypted with the OS keychain (Electron
// safeStorage, passed in as encrypt/decrypt); in browser mode they sit in a file only the
// user can read (mode 0600).
import { chmodSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export interface SecretCodec {
  encrypt(plain: string): Uint8Array;
  decrypt(data: Buffer): string;
}

export interface StoredSession {
  clientId: string;
  accessToken: string;
  refreshToken?: string;
  /** Epoch ms when the access token expires. */
  expiresAt: number;
  profileId?: string;
  email?: string;
  displayName?: string;
}

export interface EmbeddedAccount {
  clientId: string;
  profileId: string;
  email: string;
  password: string;
}

export interface VaultData {
  /** By service: the service URL, or "embedded". */
  sessions: Record<string, StoredSession>;
  embedded?: EmbeddedAccount;
}

export interface TokenVault {
  file: string;
  read(): VaultData;
  write(data: VaultData): void;
}

const empty = (): VaultData => ({ sessions: {} });

export function createTokenVault(dataDir: string, codec?: SecretCodec): TokenVault {
  const file = path.join(dataDir, codec ? 'account.enc' : 'account.json');
  return {
    file,
    read() {
      let bytes: Buffer;
      try {
        bytes = readFileSync(file);
      } catch {
        return empty();
      }
      try {
        const data = JSON.parse(codec ? codec.decrypt(bytes) : bytes.toString('utf8')) as VaultData;
        return { ...data, sessions: data.sessions ?? {} };
      } catch {
        // Unreadable (the keychain changed, the file was damaged): sign in again.
        return empty();
      }
    },
    write(data) {
      mkdirSync(path.dirname(file), { recursive: true });
      const json = JSON.stringify(data);
      const temp = `${file}.${process.pid}.tmp`;
      rmSync(temp, { force: true });
      writeFileSync(temp, codec ? codec.encrypt(json) : json, { mode: 0o600 });
      chmodSync(temp, 0o600);
      renameSync(temp, file);
    },
  };
}
