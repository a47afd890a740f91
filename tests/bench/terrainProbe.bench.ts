/**
 * Micro-benchmark of the static terrain index: `npx tsx tests/bench/terrainProbe.bench.ts`.
 * Prints one JSON object (µs per query). Not a test: no assertions on timing.
 *
 * Scene: 50 convex terrain pieces over a 6000 px stage (blocks, rotated blocks, ramps, stairs).
 * Queries: 100 rigs × 15 probes per step, at scattered x, starting 120 px above the ground
 * band, the shape of the real per-step load.
 */
import { terrainConvexPieces, type TerrainInput } from '../../core/geometry/terrainShapes';
import { FOOT_PROBE_OFFSETS } from '../../core/terrain/constants';
import { mulberry32 } from '../unit/terrain/fixtures';
import { probeFan } from '../../core/terrain/probeFan';
import { collectSurfaces, segmentYAtX } from '../../core/terrain/surfaces';
import { createTerrainIndex } from '../../core/terrain/terrainIndex';


function buildScene(): TerrainInput[] {
  const scene: TerrainInput[] = [];
  // 5 ground blocks with small gaps
  for (let i = 0; i < 5; i++) scene.push({ id: `g${i}`, shape: 'block', position: [600 + i * 1200, 2200], size: [1150, 400] });
  // 10 ramps, alternating rise
  for (let i = 0; i < 10; i++) {
    scene.push({ id: `r${i}`, shape: 'ramp', position: [300 + i * 560, 1940], size: [300, 120], rise: i % 2 ? 'left' : 'right' });
  }
  // 5 stairs × 5 steps = 25 pieces
  for (let i = 0; i < 5; i++) {
    scene.push({ id: `s${i}`, shape: 'stairs', position: [560 + i * 1150, 1925], size: [250, 150], steps: 5, rise: i % 2 ? 'left' : 'right' });
  }
  // 10 floating / rotated blocks
  for (let i = 0; i < 10; i++) {
    scene.push({ id: `b${i}`, shape: 'block', position: [250 + i * 590, 1650 - (i % 3) * 80], size: [180, 30], rotation: ((i % 5) - 2) * 0.15 });
  }
  return scene;
}

const scene = buildScene();
const pieces = scene.reduce((n, t) => n + terrainConvexPieces(t).length, 0);
const buildStart = performance.now();
const index = createTerrainIndex(scene);
const buildMs = performance.now() - buildStart;
const segments = collectSurfaces(scene);

const QUERIES = 1500; // 100 rigs × 15 probes
const rand = mulberry32(1234);
const xs = new Float64Array(QUERIES);
const ys = new Float64Array(QUERIES);
for (let i = 0; i < QUERIES; i++) {
  xs[i] = rand() * 6000;
  ys[i] = 1700 + rand() * 300;
}
const MAX_DISTANCE = 180;

/** Run `fn` for ~`ms` milliseconds after a warm-up; return µs per call (calls per round = QUERIES). */
function measure(fn: () => number, ms = 400): { usPerCall: number; sink: number } {
  let sink = 0;
  for (let i = 0; i < 200; i++) sink += fn();
  let rounds = 0;
  const start = performance.now();
  let now = start;
  while (now - start < ms) {
    for (let r = 0; r < 20; r++) sink += fn();
    rounds += 20;
    now = performance.now();
  }
  return { usPerCall: ((now - start) * 1000) / (rounds * QUERIES), sink };
}

const probe = measure(() => {
  let hits = 0;
  for (let i = 0; i < QUERIES; i++) if (index.probeDown(xs[i], ys[i], MAX_DISTANCE)) hits++;
  return hits;
});

const brute = measure(() => {
  let hits = 0;
  for (let i = 0; i < QUERIES; i++) {
    const x = xs[i];
    let best = Infinity;
    for (const s of segments) {
      if (!s.supporting || x < Math.min(s.a[0], s.b[0]) || x > Math.max(s.a[0], s.b[0])) continue;
      const d = segmentYAtX(s, x) - ys[i];
      if (d >= 0 && d <= MAX_DISTANCE && d < best) best = d;
    }
    if (best < Infinity) hits++;
  }
  return hits;
}, 200);

// Fans: per query a 3-ray foot fan (QUERIES fans = 3 × QUERIES rays).
const fan = measure(() => {
  let hits = 0;
  for (let i = 0; i < QUERIES; i++) if (probeFan(index, xs[i], ys[i], FOOT_PROBE_OFFSETS, MAX_DISTANCE)) hits++;
  return hits;
});

const horizontal = measure(() => {
  let hits = 0;
  for (let i = 0; i < QUERIES; i++) if (index.raycast([xs[i], ys[i] + 100], [i & 1 ? 1 : -1, 0], 60)) hits++;
  return hits;
});

let hitRate = 0;
for (let i = 0; i < QUERIES; i++) if (index.probeDown(xs[i], ys[i], MAX_DISTANCE)) hitRate++;

console.log(
  JSON.stringify(
    {
      bench: 'terrainProbe',
      node: process.version,
      terrains: scene.length,
      pieces,
      segments: segments.length,
      columns: index.columnCount,
      buildMs: Number(buildMs.toFixed(3)),
      probeDownHitRate: Number((hitRate / QUERIES).toFixed(3)),
      usPerProbeDown: Number(probe.usPerCall.toFixed(4)),
      usPerProbeDownBruteForce: Number(brute.usPerCall.toFixed(4)),
      usPerFootFan3: Number(fan.usPerCall.toFixed(4)),
      usPerHorizontalRaycast: Number(horizontal.usPerCall.toFixed(4)),
      msPerStepFor1500Probes: Number(((probe.usPerCall * 1500) / 1000).toFixed(4)),
      sink: probe.sink + brute.sink + fan.sink + horizontal.sink,
    },
    null,
    2,
  ),
);
