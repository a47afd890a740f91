import { createMemo, For, Show, type JSX } from 'solid-js';
import type { Editor } from '../state/editor';
import { iconColors, PALETTE, PALETTE_GROUPS, type PaletteItem } from '../state/palette';
import { assetPaletteItems, importPropAssetFile } from '../state/propAssets';
import { OBJECT_PANELS } from '../../objects/ui/panels';
import type { PropAsset } from '../../core/scene/schema';
import './props.css';


/** An item's icon, drawn by its kind's UI part in the placed object's colours (iconColors), so the icon is what lands on the stage. */
const iconOf = (item: PaletteItem) => OBJECT_PANELS[item.kind].icons[item.key]?.(iconColors(item));

/** A custom asset's icon: its shape, fitted into the 24 px icon box, in its own colours. */
function AssetIcon(props: { asset: PropAsset }) {
  const fill = () => props.asset.colors?.fill ?? '#9aa4b1';
  const stroke = () => props.asset.colors?.stroke ?? '#3c4450';
  const view = () => {
    const sh = props.asset.shape;
    const common = { fill: fill(), stroke: stroke(), 'stroke-width': 1.5 };
    switch (sh.kind) {
      case 'box': {
        const k = 16 / Math.max(sh.size[0], sh.size[1]);
        const w = sh.size[0] * k;
        const h = sh.size[1] * k;
        return <rect x={12 - w / 2} y={12 - h / 2} width={w} height={h} {...common} />;
      }
      case 'circle':
        return <circle cx="12" cy="12" r="7" {...common} />;
      case 'capsule': {
        const k = 18 / (sh.length + 2 * sh.radius);
        const w = 2 * sh.radius * k;
        const h = (sh.length + 2 * sh.radius) * k;
        return <rect x={12 - w / 2} y={12 - h / 2} width={w} height={h} rx={w / 2} {...common} />;
      }
      case 'polygon': {
        const xs = sh.points.map((p) => p[0]);
        const ys = sh.points.map((p) => p[1]);
        const [x0, x1, y0, y1] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
        const k = 16 / Math.max(x1 - x0, y1 - y0, 1e-9);
        const d = sh.points.map((p, i) => `${i ? 'L' : 'M'}${(12 + (p[0] - (x0 + x1) / 2) * k).toFixed(2)} ${(12 + (p[1] - (y0 + y1) / 2) * k).toFixed(2)}`).join(' ');
        return <path d={`${d} Z`} {...common} />;
      }
    }
  };
  // Solid re-runs view() when the asset changes (a re-import).
  return <>{view()}</>;
}

export function Palette(props: { editor: Editor }) {
  const editor = props.editor;
  let fileInput: HTMLInputElement | undefined;
  const assets = createMemo(() => editor.doc().prop_assets);
  const assetItems = createMemo(() => assetPaletteItems(editor.doc()));
  const assetOf = (item: PaletteItem) => assets().find((a) => a.spawn_id === (item.spec as { spawn_id?: string }).spawn_id);
  const active = (item: PaletteItem) => {
    const t = editor.tools.tool();
    return t.type === 'place' && t.item.key === item.key;
  };
  const disabled = () => editor.mode().mode !== 'EDIT';
  // One palette entry: a click arms placing it (a second click puts the select tool back).
  const PaletteButton = (p: { item: PaletteItem; custom?: boolean; children: JSX.Element }) => (
    <button
      class="palette-item"
      classList={{ active: active(p.item), custom: !!p.custom }}
      disabled={disabled()}
      data-testid={`palette-${p.item.key}`}
      title={`${p.item.hint} — click, then click on the stage`}
      onClick={() => (active(p.item) ? editor.tools.setTool({ type: 'select' }) : editor.tools.startPlacing(p.item))}
    >
      <svg viewBox="0 0 24 24" width="26" height="26" aria-hidden="true">
        {p.children}
      </svg>
      <span>{p.item.label}</span>
    </button>
  );
  return (
    <nav class="palette" data-testid="palette" aria-label="Palette">
      <For each={PALETTE_GROUPS}>
        {(group) => (
          <section>
            <h3>{group}</h3>
            <div class="palette-grid">
              <For each={PALETTE.filter((p) => p.group === group)}>
                {(item) => <PaletteButton item={item}>{iconOf(item)}</PaletteButton>}
              </For>
              <Show when={group === 'Props'}>
                <For each={assetItems()}>
                  {(item) => (
                    <PaletteButton item={item} custom>
                      <Show when={assetOf(item)}>{(a) => <AssetIcon asset={a()} />}</Show>
                    </PaletteButton>
                  )}
                </For>
              </Show>
            </div>
            <Show when={group === 'Props'}>
              <button
                type="button"
                class="palette-import"
                disabled={disabled()}
                data-testid="palette-import-prop"
                title="Add a custom prop from a .prop.json file to this scene"
                onClick={() => fileInput?.click()}
              >
                + Import .prop.json…
              </button>
              <input
                ref={fileInput}
                type="file"
                accept=".json,.prop.json,application/json"
                hidden
                data-testid="palette-import-file"
                onChange={(e) => {
                  const file = e.currentTarget.files?.[0];
                  e.currentTarget.value = '';
                  if (file) void importPropAssetFile(editor, file);
                }}
              />
            </Show>
          </section>
        )}
      </For>
      <p class="palette-note">{disabled() ? 'Placing is available in EDIT.' : 'Pick an item, then click on the stage. Esc cancels.'}</p>
    </nav>
  );
}
