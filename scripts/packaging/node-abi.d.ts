// node-abi ships no types; only the one function used here.
declare module 'node-abi' {
  export function getAbi(target: string, runtime: 'node' | 'electron'): string;
}
