import fs from 'node:fs';
import path from 'node:path';

export interface ProfileLine {
  /** A function (name and `file:line`, shortened) or an area (database, ws, syscalls …). */
  frame: string;
  selfPct: number;
}

interface CpuProfile {
  nodes: {
    id: number;
    callFrame: { functionName: string; url: string; lineNumber: number };
  }[];
  samples: number[];
}

function shorten(url: string): string {
  const nm = url.lastIndexOf('node_modules/');
  if (nm >= 0) return url.slice(nm + 'node_modules/'.length);
  const src = url.indexOf('/apps/');
  if (src >= 0) return url.slice(src + 1);
  return url.replace(/^file:\/\//, '');
}

/** Where a frame's self time belongs, coarsely. */
function areaOf(functionName: string, url: string): string {
  if (!url) {
    if (functionName.startsWith('(')) return functionName; // (idle), (garbage collector), (program)
    return 'native: syscalls and bindings (writev, …)';
  }
  if (
    url.includes('@electric-sql/pglite') ||
    url.startsWith('wasm://') ||
    url.includes('drizzle-orm')
  )
    return 'database: PGlite + drizzle';
  if (url.includes('node_modules/ws/')) return 'ws';
  if (
    url.includes('fastify') ||
    url.includes('avvio') ||
    url.includes('find-my-way') ||
    url.includes('pino')
  )
    return 'fastify and plugins';
  // The subject runs as an esbuild bundle (bench/dist): its own code, the hub and bus included.
  if (url.includes('/apps/server/') || url.includes('/bench/dist/'))
    return 'Ampere server code (hub, bus, routes, bench driver)';
  if (url.includes('/bench/anchors/')) return 'anchor code';
  if (url.startsWith('node:')) return 'node: streams, net, timers';
  return 'other';
}

/**
 * Self time over every `.cpuprofile` in `dir`, by area and by function (top `top`), as
 * percentages of all samples (idle included).
 */
export function summariseCpuProfile(
  dir: string,
  top = 15,
  /** Which area a frame belongs to; the default knows the socket fan-out's parts. */
  classify: (functionName: string, url: string) => string = areaOf,
): { areas: ProfileLine[]; functions: ProfileLine[] } {
  const files = fs.existsSync(dir)
    ? fs.readdirSync(dir).filter((f) => f.endsWith('.cpuprofile'))
    : [];
  const self = new Map<string, number>();
  const areas = new Map<string, number>();
  let total = 0;
  for (const file of files) {
    const profile = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as CpuProfile;
    const frames = new Map(
      profile.nodes.map((n) => {
        const { functionName, url, lineNumber } = n.callFrame;
        const where = url ? ` ${shorten(url)}:${lineNumber + 1}` : '';
        return [
          n.id,
          { frame: `${functionName || '(anonymous)'}${where}`, area: classify(functionName, url) },
        ];
      }),
    );
    for (const id of profile.samples) {
      const f = frames.get(id) ?? { frame: '?', area: 'other' };
      self.set(f.frame, (self.get(f.frame) ?? 0) + 1);
      areas.set(f.area, (areas.get(f.area) ?? 0) + 1);
      total++;
    }
  }
  const lines = (m: Map<string, number>, n: number) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([frame, k]) => ({ frame, selfPct: (k / Math.max(1, total)) * 100 }));
  return { areas: lines(areas, 20), functions: lines(self, top) };
}
