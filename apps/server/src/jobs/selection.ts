/**
 * Which background jobs a node runs (`JOBS`, docs/operations.md): `all` (the default), `none`,
 * or a comma-separated list of job names, each optionally prefixed with `-` to leave it out of
 * what precedes it — `all,-trading.settle` runs everything but settlement; `trading.settle`
 * runs only settlement. An operator uses it to keep request-serving nodes free of background
 * work, or to pin a job to some nodes; every job stays safe on any number of nodes either way.
 */
export class JobSelectionError extends Error {}

export function selectJobs<J extends { name: string }>(jobs: readonly J[], spec: string): J[] {
  const known = new Set(jobs.map((j) => j.name));
  const chosen = new Set<string>();
  const parts = spec
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (parts.length === 0) throw new JobSelectionError('JOBS is empty: say all, none or job names');
  for (const part of parts) {
    const drop = part.startsWith('-');
    const name = drop ? part.slice(1) : part;
    const names = name === 'all' ? [...known] : name === 'none' ? [] : [name];
    if (name === 'none' && drop) throw new JobSelectionError('JOBS: "-none" means nothing');
    if (name !== 'all' && name !== 'none' && !known.has(name)) {
      throw new JobSelectionError(
        `JOBS names an unknown job "${name}"; the jobs are: ${[...known].sort().join(', ')}`,
      );
    }
    if (name === 'none') chosen.clear();
    for (const n of names) {
      if (drop) chosen.delete(n);
      else chosen.add(n);
    }
  }
  return jobs.filter((j) => chosen.has(j.name));
}
