/**
 * A prop's grips in the property panel (issue 10): the list of where a hand may hold it, and for
 * a custom prop whose asset the scene embeds, the grip editor: the asset's shape drawn in its own
 * frame, each grip a dot with a direction handle. Drag a dot to move the grip, drag its handle
 * to turn it; choose its allowed hands, mark the primary grip, add or remove grips. Every change
 * is one undo step, saved in the embedded asset (so it applies to every prop of that asset).
 */
import { createMemo, createSignal, For, Index, Show } from 'solid-js';
import { resolveProp } from '../../core/props/resolve';
import { propHalfExtents, type PropShape } from '../../core/props/resolve';
import { addAnchor, editableAnchors, removeAnchor, setPrimaryGrip, updateAnchor, type Anchor, type AnchorPatch } from '../../core/scene/editAssets';
import type { PropAsset, PropObject, SceneDocument } from '../../core/scene/schema';
import type { Editor } from '../state/editor';
import { embeddedAsset, isPlaceholder } from '../state/propAssets';
import { errorText } from '../state/notices';
import './props.css';

type Vec2 = [number, number];

const VIEW = { width: 232, height: 168, margin: 22 } as const;
/** Screen px from a grip's dot to its turn handle. */
const HANDLE_PX = 30;
const DEG = 180 / Math.PI;

const handsText = (hands: readonly string[]) => (hands.length === 2 ? 'either hand' : `${hands[0]} hand`);

export function PropGrips(props: { editor: Editor; prop: PropObject; readOnly: boolean }) {
  const doc = () => props.editor.doc();
  const asset = createMemo(() => embeddedAsset(doc(), props.prop));
  const grips = createMemo(() => resolveProp(doc(), props.prop).grips);
  const [open, setOpen] = createSignal(false);
  return (
    <fieldset class="grips" data-testid="prop-grips">
      <legend>Grips</legend>
      <Show
        when={!isPlaceholder(doc(), props.prop)}
        fallback={
          <p class="note small" data-testid="prop-placeholder-note">
            Placeholder: the asset <code>{props.prop.spawn_id}</code> is missing. Import its .prop.json (palette) to bring this prop back; its queues and rules are kept.
          </p>
        }
      >
        <ul class="grip-list" data-testid="grip-list">
          <For each={grips()}>
            {(g) => (
              <li data-testid="grip-row" data-grip-id={g.id}>
                <code>{g.id}</code> {handsText(g.hands)}
                {g.primary ? <strong class="grip-primary"> · primary</strong> : null}
                <span class="muted small">
                  {' '}
                  ({Math.round(g.position[0])}, {Math.round(g.position[1])}) {Math.round(g.rotation * DEG)}°
                </span>
              </li>
            )}
          </For>
        </ul>
        <Show when={asset()} fallback={<p class="note small">Built-in props are held by their centre; grips are edited on custom props.</p>}>
          <Show
            when={open()}
            fallback={
              <button type="button" data-testid="prop-edit-grips" disabled={props.readOnly} onClick={() => setOpen(true)}>
                Edit grips…
              </button>
            }
          >
            <GripEditor editor={props.editor} asset={asset()!} readOnly={props.readOnly} onClose={() => setOpen(false)} />
          </Show>
        </Show>
      </Show>
    </fieldset>
  );
}

interface ViewBox {
  /** Screen px per prop px. */
  k: number;
  /** Prop-local point at the centre of the view. */
  cx: number;
  cy: number;
}

function viewFor(shape: PropShape, anchors: readonly Anchor[]): ViewBox {
  const [hx, hy] = propHalfExtents(shape);
  let minX = -hx;
  let maxX = hx;
  let minY = -hy;
  let maxY = hy;
  for (const a of anchors) {
    minX = Math.min(minX, a.position[0]);
    maxX = Math.max(maxX, a.position[0]);
    minY = Math.min(minY, a.position[1]);
    maxY = Math.max(maxY, a.position[1]);
  }
  const w = Math.max(maxX - minX, 1);
  const h = Math.max(maxY - minY, 1);
  const k = Math.min((VIEW.width - 2 * VIEW.margin) / w, (VIEW.height - 2 * VIEW.margin) / h);
  return { k, cx: (minX + maxX) / 2, cy: (minY + maxY) / 2 };
}

function ShapeOutline(props: { shape: PropShape; toScreen: (p: Vec2) => Vec2; k: number; fill: string; stroke: string }) {
  const view = () => {
    const s = props.shape;
    const [x, y] = props.toScreen([0, 0]);
    const common = { fill: props.fill, stroke: props.stroke, 'stroke-width': 1.5 };
    switch (s.kind) {
      case 'box':
        return <rect x={x - (s.size[0] / 2) * props.k} y={y - (s.size[1] / 2) * props.k} width={s.size[0] * props.k} height={s.size[1] * props.k} {...common} />;
      case 'circle':
        return <circle cx={x} cy={y} r={s.radius * props.k} {...common} />;
      case 'capsule': {
        const r = s.radius * props.k;
        const half = (s.length / 2) * props.k;
        return <rect x={x - r} y={y - half - r} width={2 * r} height={2 * (half + r)} rx={r} {...common} />;
      }
      case 'polygon':
        return <path d={`${s.points.map((p, i) => `${i ? 'L' : 'M'}${props.toScreen(p).join(' ')}`).join(' ')} Z`} {...common} />;
    }
  };
  return <>{view()}</>;
}

export function GripEditor(props: { editor: Editor; asset: PropAsset; readOnly: boolean; onClose: () => void }) {
  const editor = props.editor;
  const spawnId = () => props.asset.spawn_id;
  const anchors = createMemo(() => editableAnchors(props.asset));
  const [selected, setSelected] = createSignal<string | null>(null);
  const current = createMemo(() => anchors().find((a) => a.id === selected()) ?? anchors().find((a) => a.primary_grip) ?? anchors()[0]);
  const [error, setError] = createSignal<string | null>(null);
  // The view is fixed while a drag runs, so the grip does not slide under the pointer as it rescales.
  const [frozen, setFrozen] = createSignal<ViewBox | null>(null);
  const view = createMemo(() => frozen() ?? viewFor(props.asset.shape, anchors()));
  const toScreen = (p: Vec2 | readonly [number, number]): Vec2 => {
    const v = view();
    return [VIEW.width / 2 + (p[0] - v.cx) * v.k, VIEW.height / 2 + (p[1] - v.cy) * v.k];
  };
  let svg: SVGSVGElement | undefined;
  const toLocal = (e: PointerEvent): Vec2 => {
    const r = svg!.getBoundingClientRect();
    const v = view();
    const sx = ((e.clientX - r.left) / r.width) * VIEW.width;
    const sy = ((e.clientY - r.top) / r.height) * VIEW.height;
    return [v.cx + (sx - VIEW.width / 2) / v.k, v.cy + (sy - VIEW.height / 2) / v.k];
  };

  /** One edit as one undo step; a refused one is shown under the editor. */
  const change = (fn: (d: SceneDocument) => SceneDocument) => {
    try {
      editor.tryEdit(fn);
      setError(null);
    } catch (e) {
      setError(errorText(e));
    }
  };
  const patch = (id: string, p: AnchorPatch) => change((d) => updateAnchor(d, spawnId(), id, p));

  /** A drag of a grip's dot (move) or handle (turn): previews from the document it started on, one undo step at the end. */
  const drag = (e: PointerEvent, id: string, what: 'move' | 'turn') => {
    if (props.readOnly || e.button !== 0) return;
    e.preventDefault();
    e.stopPropagation();
    setSelected(id);
    if (!editor.beginTransient()) return;
    setFrozen(view());
    const target = e.currentTarget as Element;
    target.setPointerCapture?.(e.pointerId);
    const start = anchors().find((a) => a.id === id)!;
    const onMove = (ev: PointerEvent) => {
      const p = toLocal(ev);
      const next: AnchorPatch =
        what === 'move'
          ? { position: [Math.round(p[0]), Math.round(p[1])] }
          : { rotation: Math.round(Math.atan2(p[1] - start.position[1], p[0] - start.position[0]) * 1000) / 1000 };
      editor.transientFromStart((d) => updateAnchor(d, spawnId(), id, next));
    };
    const onUp = () => {
      target.removeEventListener('pointermove', onMove as EventListener);
      target.removeEventListener('pointerup', onUp);
      target.removeEventListener('pointercancel', onUp);
      editor.endTransient();
      setFrozen(null);
    };
    target.addEventListener('pointermove', onMove as EventListener);
    target.addEventListener('pointerup', onUp);
    target.addEventListener('pointercancel', onUp);
  };

  const colors = () => props.asset.colors ?? { fill: '#9aa4b1', stroke: '#3c4450' };
  const toggleHand = (a: Anchor, hand: 'left' | 'right', on: boolean) => {
    const hands = on ? [...new Set([...a.hands, hand])] : a.hands.filter((h) => h !== hand);
    patch(a.id, { hands: (['left', 'right'] as const).filter((h) => hands.includes(h)) });
  };

  return (
    <div class="grip-editor" data-testid="grip-editor">
      <svg
        ref={svg}
        class="grip-canvas"
        viewBox={`0 0 ${VIEW.width} ${VIEW.height}`}
        width={VIEW.width}
        height={VIEW.height}
        data-testid="grip-canvas"
        role="img"
        aria-label={`Grips of ${props.asset.name}`}
      >
        <ShapeOutline shape={props.asset.shape as PropShape} toScreen={toScreen} k={view().k} fill={colors().fill} stroke={colors().stroke} />
        {/* Index, not For: a drag's previews replace the anchor objects, and the dragged dot must stay the same element (it holds the pointer capture). */}
        <Index each={anchors()}>
          {(anchor) => {
            const at = () => toScreen(anchor().position);
            const handle = (): Vec2 => [at()[0] + Math.cos(anchor().rotation) * HANDLE_PX, at()[1] + Math.sin(anchor().rotation) * HANDLE_PX];
            const isCurrent = () => current()?.id === anchor().id;
            return (
              <g classList={{ 'grip-mark': true, current: isCurrent() }}>
                <line x1={at()[0]} y1={at()[1]} x2={handle()[0]} y2={handle()[1]} stroke="#0b7285" stroke-width="1.5" />
                <circle
                  cx={handle()[0]}
                  cy={handle()[1]}
                  r="5"
                  fill="#ffffff"
                  stroke="#e8890c"
                  stroke-width="2"
                  class="grip-turn"
                  data-testid={`grip-turn-${anchor().id}`}
                  onPointerDown={(e) => drag(e, anchor().id, 'turn')}
                >
                  <title>Drag to turn {anchor().id}</title>
                </circle>
                <circle
                  cx={at()[0]}
                  cy={at()[1]}
                  r={isCurrent() ? 7 : 6}
                  fill={anchor().primary_grip ? '#0b7285' : '#ffffff'}
                  stroke="#0b7285"
                  stroke-width={isCurrent() ? 2.5 : 1.5}
                  class="grip-dot"
                  data-testid={`grip-dot-${anchor().id}`}
                  onPointerDown={(e) => drag(e, anchor().id, 'move')}
                >
                  <title>Drag to move {anchor().id}</title>
                </circle>
              </g>
            );
          }}
        </Index>
      </svg>
      <Show when={current()}>
        {(a) => (
          <div class="grip-fields" data-testid="grip-fields" data-grip-id={a().id}>
            <div class="grip-title">
              <select value={a().id} aria-label="Grip" data-testid="grip-select" onChange={(e) => setSelected(e.currentTarget.value)}>
                <For each={anchors()}>{(g) => <option value={g.id}>{g.id}</option>}</For>
              </select>
              <span class="muted small" data-testid="grip-readout">
                ({a().position[0]}, {a().position[1]}) · {Math.round(a().rotation * DEG)}°
              </span>
            </div>
            <div class="field field--inline">
              <span class="field-label">hands</span>
              <For each={['left', 'right'] as const}>
                {(hand) => (
                  <label class="inline-check">
                    <input
                      type="checkbox"
                      data-testid={`grip-hand-${hand}`}
                      checked={a().hands.includes(hand)}
                      disabled={props.readOnly || (a().hands.length === 1 && a().hands[0] === hand)}
                      title={a().hands.length === 1 && a().hands[0] === hand ? 'A grip needs at least one hand' : undefined}
                      onChange={(e) => toggleHand(a(), hand, e.currentTarget.checked)}
                    />
                    {hand}
                  </label>
                )}
              </For>
            </div>
            <label class="inline-check">
              <input
                type="checkbox"
                data-testid="grip-primary"
                checked={a().primary_grip}
                disabled={props.readOnly}
                onChange={(e) => change((d) => setPrimaryGrip(d, spawnId(), e.currentTarget.checked ? a().id : null))}
              />
              primary grip (auto pickups try it first)
            </label>
            <label class="field field--inline">
              <span class="field-label">drawn</span>
              <select
                value={a().z_offset > 0 ? 'front' : a().z_offset < 0 ? 'behind' : 'level'}
                data-testid="grip-z"
                disabled={props.readOnly}
                onChange={(e) => patch(a().id, { z_offset: e.currentTarget.value === 'front' ? 1 : e.currentTarget.value === 'behind' ? -1 : 0 })}
              >
                <option value="front">in front of the arm</option>
                <option value="level">at the arm's level</option>
                <option value="behind">behind the arm</option>
              </select>
            </label>
          </div>
        )}
      </Show>
      <div class="grip-actions">
        <button type="button" data-testid="grip-add" disabled={props.readOnly} onClick={() => change((d) => addAnchor(d, spawnId(), [0, 0]))}>
          + Grip
        </button>
        <button
          type="button"
          class="danger"
          data-testid="grip-remove"
          disabled={props.readOnly || props.asset.anchors.length === 0 || !current()}
          title="Without grips the prop is held by its centre"
          onClick={() => {
            const id = current()?.id;
            if (id) change((d) => removeAnchor(d, spawnId(), id));
            setSelected(null);
          }}
        >
          Remove
        </button>
        <span class="spacer" />
        <button type="button" data-testid="grip-editor-close" onClick={() => props.onClose()}>
          Done
        </button>
      </div>
      <p class="note small">Grips belong to the asset {props.asset.name}: every prop of it uses them.</p>
      <Show when={error()}>
        <p class="field-error" role="alert" data-testid="grip-error">
          {error()}
        </p>
      </Show>
    </div>
  );
}
