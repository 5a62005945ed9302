import { Counter, type Registry } from 'prom-client';

/**
 * A counter read on scrape from a running total kept elsewhere (the ingest's stats): each scrape
 * adds what the total grew by. A total that went down (its owner restarted) counts from zero again.
 */
export function counterFrom<L extends string>(
  register: Registry,
  spec: { name: string; help: string; labelNames?: readonly L[] },
  read: () => Partial<Record<string, number>> | number | null,
): Counter<L> {
  const last = new Map<string, number>();
  const add = (counter: Counter<L>, key: string, labels: Partial<Record<L, string>>, total: number) => {
    const before = last.get(key) ?? 0;
    const grown = total >= before ? total - before : total;
    last.set(key, total);
    if (grown > 0) counter.inc(labels, grown);
  };
  return new Counter<L>({
    name: spec.name,
    help: spec.help,
    labelNames: spec.labelNames ?? [],
    registers: [register],
    collect() {
      const value = read();
      if (value === null) return;
      const label = spec.labelNames?.[0];
      if (typeof value === 'number' || !label) {
        add(this, '', {}, typeof value === 'number' ? value : 0);
        return;
      }
      for (const [k, total] of Object.entries(value)) {
        add(this, k, { [label]: k } as Partial<Record<L, string>>, total ?? 0);
      }
    },
  });
}
