/**
 * One `V` for each owner, made on first use and forgotten with the owner (a WeakMap): "the
 * editor's one camera queue", "the studio's one export job".
 */
export function oneEach<K extends object, V>(make: (owner: K) => V): (owner: K) => V {
  const made = new WeakMap<K, V>();
  return (owner) => {
    let v = made.get(owner);
    if (v === undefined) {
      v = make(owner);
      made.set(owner, v);
    }
    return v;
  };
}
