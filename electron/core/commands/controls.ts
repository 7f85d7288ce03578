// What areas may ask of the sync engine, the account and the settings: the few calls they
// need, not the objects themselves.
import type { AccountStatus, Settings, SettingsChange, SyncStatus } from '../../../shared/bridge/contract.ts';

export interface SyncControl {
  status(): SyncStatus;
  syncNow(): Promise<unknown>;
  requestSync(): void;
  confirmDeletions(accept: boolean): void;
}

export interface AccountControl {
  status(): AccountStatus;
  signIn(): Promise<AccountStatus>;
  signOut(): Promise<AccountStatus>;
}

export interface SettingsControl {
  get(): Settings;
  set(change: unknown): SettingsChange;
}
