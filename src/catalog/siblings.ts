// The other actions on the same object as one action (issue #30): its list, get, create, update and delete, known by
// the shape of their IDs (`wiki.get` and `wiki.update`, `group.group_label_list` and `group.group_label_create`,
// `user.ssh_keys` and `user.add_ssh_key`). A find answer names them, so the task's next step in that area (list then
// add, get then update) needs no second find.
import { catalog, type Catalog } from './index.js';

/** The verbs of an object's own actions, by the order a find answer says them in. */
const VERBS: Readonly<Record<string, number>> = { list: 0, get: 1, create: 2, add: 2, update: 3, edit: 3, delete: 4, remove: 4 };

/**
 * An ID's object and verb: the name's verb word first or last (`add_ssh_key`, `label_list`), else a plural name
 * is its object's list (`members`, `ssh_keys`); the domain's own name is dropped as a prefix (`group.group_member_get`
 * is on group.member, as `group.members` is). Undefined for any other name (`group_milestone_issues`).
 */
function objectOf(id: string): { object: string; order: number } | undefined {
  const [domain, name = ''] = id.split('.');
  let words = name.replace(new RegExp(`^${domain}_`), '').split('_');
  const first = VERBS[words[0]!];
  const last = VERBS[words.at(-1)!];
  let order: number;
  if (words.length > 1 && first !== undefined) [order, words] = [first, words.slice(1)];
  else if (last !== undefined) [order, words] = [last, words.slice(0, -1)];
  else if (/[^s]s$/.test(words.at(-1)!)) [order, words] = [0, [...words.slice(0, -1), words.at(-1)!.slice(0, -1)]];
  else return undefined;
  return { object: `${domain}.${words.join('_')}`, order };
}

/** Object → its actions' IDs in verb order, from the IDs alone (no action is resolved), once per catalog. */
const objects = new WeakMap<Catalog, Map<string, string[]>>();

function objectsOf(c: Catalog): Map<string, string[]> {
  let byObject = objects.get(c);
  if (byObject) return byObject;
  const found: Array<{ id: string; object: string; order: number }> = [];
  for (const id of c.ids()) {
    const o = objectOf(id);
    if (o) found.push({ id, ...o });
  }
  byObject = new Map();
  for (const { id, object } of found.sort((a, b) => a.order - b.order)) byObject.set(object, [...(byObject.get(object) ?? []), id]);
  objects.set(c, byObject);
  return byObject;
}

/** The IDs of the other actions on the action's object, list first and delete last; none when it has no object. */
export function siblingIds(id: string): string[] {
  const o = objectOf(id);
  return o ? (objectsOf(catalog()).get(o.object) ?? []).filter((s) => s !== id) : [];
}
