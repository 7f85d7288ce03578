// A component whose module is fetched and run the first time it renders: `import()` makes
// it a chunk of its own in the build, so the window's first paint does not parse it. Render
// it under a <Suspense> that says what is on its way.
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

export function onDemand<P extends object>(load: () => Promise<ComponentType<P>>): LazyExoticComponent<ComponentType<P>> {
  return lazy(async () => ({ default: await load() }));
}
