// How migrations are named, for the service's and the replica's: the first ones by number
// (0001-...), every later one by the UTC minute it was written (YYYYMMDDHHMM-what, as Actual
// Budget names its own), so two branches adding a migration at once never take the same
// name. Both kinds sort as text in the order they run: numbers (4 digits) before stamps (12).
export const MIGRATION_NAME = /^(?:\d{4}|\d{12})-[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** What is wrong with a list of migration names in running order (empty when nothing). */
export function migrationNameProblems(names: readonly string[]): string[] {
  const problems: string[] = [];
  const seen = new Set<string>();
  names.forEach((name, i) => {
    if (!MIGRATION_NAME.test(name)) problems.push(`${name}: not NNNN-what or YYYYMMDDHHMM-what`);
    if (seen.has(name)) problems.push(`${name}: listed twice`);
    seen.add(name);
    const before = names[i - 1];
    if (before !== undefined && before >= name) problems.push(`${name}: listed after ${before}, but names sort in the order migrations run`);
  });
  return problems;
}
