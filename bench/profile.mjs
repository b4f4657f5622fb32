// Shares of a server's CPU by what it was doing, from a V8 CPU profile (bench/profiled-server.mjs):
// each sample goes to the first group (in the order given) with a frame anywhere on its stack, a
// bundled frame named by its source file through the bundle's source map. What a group's code
// starts and finishes later on its own (a driver parsing a statement's answer) has no frame of
// it on the stack and counts as `rest`.
import { readFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import { fileURLToPath } from 'node:url';

/** `groups`: [{ name, test(frame) }], frame = { url, functionName, source } (source: the TS file). */
export function cpuShares(profileFile, groups) {
  const profile = JSON.parse(readFileSync(profileFile, 'utf8'));
  const maps = new Map();
  const sourceOf = (frame) => {
    if (!frame.url.endsWith('.js') || !frame.url.startsWith('file:')) return null;
    if (!maps.has(frame.url)) {
      let map = null;
      try {
        map = new SourceMap(JSON.parse(readFileSync(`${fileURLToPath(frame.url)}.map`, 'utf8')));
      } catch {
        // No map beside it (a dependency): its URL says enough.
      }
      maps.set(frame.url, map);
    }
    const map = maps.get(frame.url);
    return map?.findEntry(frame.lineNumber, frame.columnNumber)?.originalSource ?? null;
  };
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const parents = new Map();
  for (const node of profile.nodes)
    for (const child of node.children ?? []) parents.set(child, node.id);
  const frames = new Map();
  const frameOf = (node) => {
    if (!frames.has(node.id)) {
      const { url, functionName } = node.callFrame;
      frames.set(node.id, { url, functionName, source: sourceOf(node.callFrame) });
    }
    return frames.get(node.id);
  };
  const ms = Object.fromEntries([...groups.map((g) => g.name), 'rest'].map((name) => [name, 0]));
  let idle = 0;
  profile.samples.forEach((id, i) => {
    const took = (profile.timeDeltas[i + 1] ?? 0) / 1000;
    const leaf = nodes.get(id);
    if (leaf.callFrame.functionName === '(idle)') {
      idle += took;
      return;
    }
    const stack = [];
    for (let at = id; at !== undefined; at = parents.get(at)) stack.push(frameOf(nodes.get(at)));
    const group = groups.find((g) => stack.some((frame) => g.test(frame)));
    ms[group ? group.name : 'rest'] += took;
  });
  const busy = Object.values(ms).reduce((a, b) => a + b, 0);
  return {
    busyMs: busy,
    idleMs: idle,
    ms,
    share: Object.fromEntries(Object.entries(ms).map(([k, v]) => [k, v / busy])),
  };
}
