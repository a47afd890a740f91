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
    const chosen: PairCount[] = [];
    let collided = 0;
    let separated = 0;
    for (const p of this.pairs.values()) {
      if (keep && !keep(p)) continue;
      chosen.push(p);
      collided += p.collided;
      separated += p.separated;
    }
    const other = keep ? { collided: 0, separated: 0 } : { ...this.other };
    collided += other.collided;
    separated += other.separated;
    chosen.sort((x, y) => y.collided + y.separated - (x.collided + x.separated) || (x.a < y.a ? -1 : x.a > y.a ? 1 : x.b < y.b ? -1 : 1));
    return { collided, separated, pairs: chosen.length, top: chosen.slice(0, topCount).map((p) => ({ ...p })), other };
  }

  clear(): void {
    this.pairs.clear();
    this.other.collided = this.other.separated = 0;
    this.totals = { collided: 0, separated: 0 };
  }
}
