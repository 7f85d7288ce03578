// node-gyp reads `nodedir` from npm's config in the environment (any case). Building for
// Electron, that setting must go: node-gyp then fetches Electron's headers for --target.
export function withoutNodedir(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(env).filter(([key]) => key.toLowerCase() !== 'npm_config_nodedir'));
}
