import { For, type JSX } from 'solid-js';
import type { Editor } from '../state/editor';
import { iconColors, PALETTE, PALETTE_GROUPS, type PaletteItem } from '../state/palette';

type Colors = { fill: string; stroke: string };

/** Icon shapes; their colours are the placed object's (iconColors), so the icon is what lands on the stage. */
const ICONS: Record<string, (c: Colors) => JSX.Element> = {
  block: (c) => <rect x="3" y="9" width="18" height="8" fill={c.fill} />,
  ramp: (c) => <path d="M3 18 L21 18 L21 7 Z" fill={c.fill} />,
  stairs: (c) => <path d="M3 18 V15 H7 V12 H11 V9 H15 V6 H21 V18 Z" fill={c.fill} />,
  box: (c) => <rect x="6" y="6" width="12" height="12" fill={c.fill} stroke={c.stroke} stroke-width="1.5" />,
  ball: (c) => <circle cx="12" cy="12" r="7" fill={c.fill} stroke={c.stroke} stroke-width="1.5" />,
  plank: (c) => <rect x="2" y="10" width="20" height="4" fill={c.fill} stroke={c.stroke} stroke-width="1.2" />,
  bottle: (c) => <rect x="9" y="4" width="6" height="16" rx="3" fill={c.fill} stroke={c.stroke} stroke-width="1.2" />,
  stickman: (c) => (
    <g fill="none" stroke={c.stroke} stroke-width="1.8" stroke-linecap="round">
      <circle cx="12" cy="5" r="2.6" />
      <path d="M12 8v7M12 15l-3.5 6M12 15l3.5 6M12 10l-4.5 3M12 10l4.5 3" />
    </g>
  ),
  area: (c) => <rect x="4" y="4" width="16" height="16" fill={c.fill} fill-opacity="0.25" stroke={c.stroke} stroke-width="1.5" stroke-dasharray="3 2" />,
};

export function Palette(props: { editor: Editor }) {
  const editor = props.editor;
  const active = (item: PaletteItem) => {
    const t = editor.tool();
    return t.type === 'place' && t.item.key === item.key;
  };
  const disabled = () => editor.mode().mode !== 'EDIT';
  return (
    <nav class="palette" data-testid="palette" aria-label="Palette">
      <For each={PALETTE_GROUPS}>
        {(group) => (
          <section>
            <h3>{group}</h3>
            <div class="palette-grid">
              <For each={PALETTE.filter((p) => p.group === group)}>
                {(item) => (
                  <button
                    class="palette-item"
                    classList={{ active: active(item) }}
                    disabled={disabled()}
                    data-testid={`palette-${item.key}`}
                    title={`${item.hint} — click, then click on the stage`}
                    onClick={() => (active(item) ? editor.setTool({ type: 'select' }) : editor.startPlacing(item))}
                  >
                    <svg viewBox="0 0 24 24" width="26" height="26" aria-hidden="true">
                      {ICONS[item.key]?.(iconColors(item))}
                    </svg>
                    <span>{item.label}</span>
                  </button>
                )}
              </For>
            </div>
          </section>
        )}
      </For>
      <p class="palette-note">{disabled() ? 'Placing is available in EDIT.' : 'Pick an item, then click on the stage. Esc cancels.'}</p>
    </nav>
  );
}
