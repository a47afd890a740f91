/**
 * Contact events (`collided` / `separated`) folded into counts per unordered pair of objects, so
 * the timeline can say how much contact noise a run made without keeping every record. Bounded:
 * past `pairCap` distinct pairs, new pairs are counted together as "other pairs".
 */
export const CONTACT_PAIR_CAP = 1000;

export type ContactType = 'collided' | 'separated';

export interface PairCount {
  a: string;
  b: string;
  collided: number;
  separated: number;
}

export interface ContactSummary {
  collided: number;
  separated: number;
  /** Distinct pairs counted (those folded into `other` not included). */
  pairs: number;
  /** The pairs with the most contacts, most first. */
  top: PairCount[];
  /** Counts of pairs that arrived after the pair cap was reached. */
  other: { collided: number; separated: number };
}

export const isContactType = (type: string): type is ContactType => type === 'collided' || type === 'separated';

/** Summary order: most contacts first, then by ids (so ties read the same every time). */
function before(x: PairCount, y: PairCount): boolean {
  const d = x.collided + x.separated - (y.collided + y.separated);
  if (d !== 0) return d > 0;
  return x.a < y.a || (x.a === y.a && x.b < y.b);
}

export class ContactFolds {
  private readonly pairs = new Map<string, PairCount>();
  private readonly other = { collided: 0, separated: 0 };
  private totals = { collided: 0, separated: 0 };

  constructor(readonly pairCap = CONTACT_PAIR_CAP) {}

  /** Counts one contact; returns true when it opened a new pair (its ids are new to the caller). */
  add(type: ContactType, source: string, target: string | null): boolean {
    this.totals[type] += 1;
    const other = target ?? '';
    // Unordered: a↔b and b↔a are one pair whichever object the event names first.
    const [a, b] = source <= other ? [source, other] : [other, source];
    const key = `${a}\u0000${b}`;
    const known = this.pairs.get(key);
    if (known) {
      known[type] += 1;
      return false;
    }
    if (this.pairs.size >= this.pairCap) {
      this.other[type] += 1;
      return false;
    }
    this.pairs.set(key, { a, b, collided: type === 'collided' ? 1 : 0, separated: type === 'separated' ? 1 : 0 });
    return true;
  }

  get total(): number {
    return this.totals.collided + this.totals.separated;
  }

  /**
   * The counts, restricted to pairs `keep` accepts when given (an actor or text filter). The
   * overflow bucket names no objects, so a filtered summary leaves it out.
   */
  summary(topCount = 3, keep?: (pair: PairCount) => boolean): ContactSummary {
    // Published four times a second over up to `pairCap` pairs: keep a small sorted top list
    // rather than sorting them all.
    const top: PairCount[] = [];
    let pairs = 0;
    let collided = 0;
    let separated = 0;
    for (const p of this.pairs.values()) {
      if (keep && !keep(p)) continue;
      pairs += 1;
      collided += p.collided;
      separated += p.separated;
      if (topCount <= 0 || (top.length === topCount && !before(p, top[top.length - 1]))) continue;
      let i = top.length;
      while (i > 0 && before(p, top[i - 1])) i -= 1;
      top.splice(i, 0, p);
      if (top.length > topCount) top.pop();
    }
    const other = keep ? { collided: 0, separated: 0 } : { ...this.other };
    collided += other.collided;
    separated += other.separated;
    return { collided, separated, pairs, top: top.map((p) => ({ ...p })), other };
  }

  clear(): void {
    this.pairs.clear();
    this.other.collided = this.other.separated = 0;
    this.totals = { collided: 0, separated: 0 };
  }
}
