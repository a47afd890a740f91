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
  maxSeconds: 3600,
  maxPropAssets: 200,
  maxAnchors: 32,
} as const;
