/**
 * Puts `key` last in a map kept in order of use, and drops the least recently used entry (the first) when the
 * map then holds more than `max`.
 */
export function keepRecentlyUsed<K, V>(map: Map<K, V>, key: K, value: V, max: number): void {
  map.delete(key);
  map.set(key, value);
  if (map.size <= max) return;
  const oldest = map.keys().next();
  if (!oldest.done) map.delete(oldest.value);
}
