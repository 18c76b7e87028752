// What a V8 heap snapshot holds, summed by kind and constructor (self sizes): enough to see which of the
// server's own structures (page cache, search index, map drawing, content) takes the memory, without a
// browser's devtools. The snapshot format: a flat `nodes` array, `node_fields` long per node.
import { readFileSync } from "node:fs";

type Snapshot = {
  snapshot: { meta: { node_fields: string[]; node_types: [string[], ...unknown[]] } };
  nodes: number[];
  strings: string[];
};

export type HeapGroup = { kind: string; name: string; count: number; bytes: number };

export function heapSummary(path: string, top = 15): { totalBytes: number; groups: HeapGroup[] } {
  const snap = JSON.parse(readFileSync(path, "utf8")) as Snapshot;
  const fields = snap.snapshot.meta.node_fields;
  const types = snap.snapshot.meta.node_types[0];
  const width = fields.length;
  const [typeAt, nameAt, sizeAt] = ["type", "name", "self_size"].map((f) => fields.indexOf(f)) as [number, number, number];
  const groups = new Map<string, HeapGroup>();
  let totalBytes = 0;
  for (let i = 0; i < snap.nodes.length; i += width) {
    const kind = types[snap.nodes[i + typeAt]!]!;
    // Strings and code are summed by kind: their names are their contents.
    const name = kind === "object" || kind === "closure" || kind === "native" ? snap.strings[snap.nodes[i + nameAt]!]! : `(${kind})`;
    const bytes = snap.nodes[i + sizeAt]!;
    totalBytes += bytes;
    const key = `${kind} ${name}`;
    const g = groups.get(key) ?? { kind, name, count: 0, bytes: 0 };
    g.count++;
    g.bytes += bytes;
    groups.set(key, g);
  }
  return { totalBytes, groups: [...groups.values()].sort((a, b) => b.bytes - a.bytes).slice(0, top) };
}
