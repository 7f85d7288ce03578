// Field selection for dataset lists (`fields`, comma-separated paths).
// Rules, where the spec is silent chosen here:
// - no `fields` or an empty value: each item holds only its id;
// - `*` at any level returns everything below it (`*`, `results.*`, `files.content_details.*`);
// - naming an object (or array of objects) without naming its keys gives only its id, as at the
//   top level (`data_licence` -> {id}); objects without an id become {} (nested keys must be named);
// - an item's own id is always kept so that clients can tell items apart;
// - unknown names are ignored (not an error), so clients written for richer servers still work.

export interface FieldTree {
  all: boolean;
  children: Map<string, FieldTree>;
}

const emptyTree = (): FieldTree => ({ all: false, children: new Map() });

/** Parses `a.b,c.*` into a tree; `prefix` (e.g. "results") is stripped and required when given. */
export function parseFields(raw: string | undefined, prefix?: string): FieldTree | undefined {
  if (raw === undefined || !raw.trim()) return undefined;
  const root = emptyTree();
  for (const part of raw.split(',')) {
    const path = part.trim().split('.').map((s) => s.trim());
    if (path.some((s) => !s)) continue;
    let segments = path;
    if (prefix) {
      if (segments.length === 1 && segments[0] === '*') {
        root.all = true;
        continue;
      }
      if (segments[0] !== prefix) continue; // a name outside the prefix is unknown: ignored
      segments = segments.slice(1);
      if (!segments.length) continue;
    }
    let node = root;
    for (const segment of segments) {
      if (node.all) break;
      if (segment === '*') {
        node.all = true;
        break;
      }
      let child = node.children.get(segment);
      if (!child) {
        child = emptyTree();
        node.children.set(segment, child);
      }
      node = child;
    }
  }
  return root;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The value itself when scalar; an object reduced to its id otherwise. */
function leaf(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(leaf);
  if (isObject(value)) return value.id === undefined ? {} : { id: value.id };
  return value;
}

function select(value: unknown, tree: FieldTree): unknown {
  if (tree.all) return value;
  if (Array.isArray(value)) return value.map((v) => select(v, tree));
  if (!isObject(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [key, child] of tree.children) {
    if (!(key in value) || value[key] === undefined) continue;
    out[key] = child.all || child.children.size ? select(value[key], child) : leaf(value[key]);
  }
  return out;
}

/** Trims one list item; without a selection only its id remains. */
export function selectItem(item: Record<string, unknown>, tree: FieldTree | undefined): Record<string, unknown> {
  if (!tree) return { id: item.id };
  if (tree.all) return item;
  return { id: item.id, ...(select(item, tree) as Record<string, unknown>) };
}
