/**
 * The caches of a grounded step (walk cycle, walk body, rest arms) compare what they were built
 * from by value: the same number, a zero's sign included (what Object.is says of two numbers: a
 * -0 can turn an atan2 by a whole turn). NaN never matches, so it is simply recomputed. Written
 * out because Object.is, in the rig's step, cost about as much as the work it saves.
 */
export const sameNumber = (a: number, b: number): boolean => a === b && (a !== 0 || 1 / a === 1 / b);
