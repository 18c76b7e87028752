/**
 * The first `limit` of the items offered, by `before`, without putting all of them in order: a heap whose root is
 * the last of those kept, which a better item replaces.
 */
export class Leading {
  private readonly heap: number[] = [];
  private readonly limit: number;
  private readonly before: (a: number, b: number) => boolean;
  constructor(limit: number, before: (a: number, b: number) => boolean) {
    this.limit = limit;
    this.before = before;
  }

  offer(item: number) {
    const { heap, before } = this;
    if (heap.length < this.limit) {
      heap.push(item);
      for (let i = heap.length - 1; i > 0; ) {
        const parent = (i - 1) >> 1;
        if (!before(heap[parent], heap[i])) break;
        [heap[parent], heap[i]] = [heap[i], heap[parent]];
        i = parent;
      }
      return;
    }
    if (!heap.length || !before(item, heap[0])) return;
    heap[0] = item;
    for (let i = 0; ; ) {
      const left = 2 * i + 1,
        right = left + 1;
      let last = i;
      if (left < heap.length && before(heap[last], heap[left])) last = left;
      if (right < heap.length && before(heap[last], heap[right])) last = right;
      if (last === i) break;
      [heap[last], heap[i]] = [heap[i], heap[last]];
      i = last;
    }
  }

  /** The items kept, first first. */
  inOrder(): number[] {
    return this.heap.toSorted((a, b) => (this.before(a, b) ? -1 : this.before(b, a) ? 1 : 0));
  }
}
