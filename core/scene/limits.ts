/** Hard limits on scene input. A file beyond them is rejected before it can slow the app down. */
export const SCENE_LIMITS = {
  maxFileBytes: 4 * 1024 * 1024,
  maxObjects: 5000,
  maxStringLength: 500,
  maxIdLength: 64,
  maxQueueItems: 500,
  maxRules: 500,
  maxRuleActions: 50,
  maxPolygonPoints: 64,
  maxStairsSteps: 100,
  maxCoordinate: 1_000_000,
  maxSize: 100_000,
  maxStageSize: 200_000,
  maxGravity: 100_000,
  /** Gravity is straight down, at least this strong (px/s²): under less, what is pushed up never comes back to leave play. */
  minGravity: 1,
  maxSeconds: 3600,
  maxPropAssets: 200,
  maxAnchors: 32,
  /** A scene's own gestures (issue 23); the built-ins need no entry. */
  maxGestures: 200,
  /**
   * Structural bounds checked before the schema runs, so no file can make the loader recurse
   * deeply or do unbounded work: a scene nests 7 levels at most; no object or list in it needs
   * more entries than there can be objects (the specific, lower limits are the schema's).
   */
  maxNestingDepth: 20,
  maxContainerEntries: 10_000,
  /** Values visited in a JS value handed to loadSceneValue (shared sub-objects count each time). */
  maxValues: 4_000_000,
  /**
   * Smallest thickness (px) of a physical shape: a prop's after scaling, each terrain piece.
   * Thinner ones fail or panic inside the physics engine (32-bit floats, in meters).
   */
  minShapeExtent: 0.5,
} as const;
