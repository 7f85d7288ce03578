// Global setup of the packaged-app tests: builds the app once and hands its layout to them.
import type { TestProject } from 'vitest/node';
import { buildTestPackage, type TestPackage } from './buildTestPackage.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    testPackage: TestPackage;
  }
}

export default async function setup(project: TestProject): Promise<void> {
  const started = performance.now();
  const built = await buildTestPackage((line) => console.log(`[test:packaged] ${line}`));
  console.log(`[test:packaged] built in ${((performance.now() - started) / 1000).toFixed(0)} s`);
  project.provide('testPackage', built);
}
