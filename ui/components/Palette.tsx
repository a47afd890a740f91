import { For, type JSX } from 'solid-js';
import type { Editor } from '../state/editor';
import { PALETTE, PALETTE_GROUPS, type PaletteItem } from '../state/palette';

const ICONS: Record<string, () => JSX.Element> = {
  block: () => <rect x="3" y="9" width="18" height="8" fill="#5b6b7a" />,
  ramp: () => <path d="M3 18 L21 18 L21 7 Z" fill="#8a7b62" />,
  stairs: () => <path d="M3 18 V15 H7 V12 H11 V9 H15 V6 H21 V18 Z" fill="#8a7b62" />,
  box: () => <rect x="6" y="6" width="12" height="12" fill="#c8924a" stroke="#6b4a22" stroke-width="1.5" />,
  ball: () => <circle cx="12" cy="12" r="7" fill="#e0483e" stroke="#7a1f1a" stroke-width="1.5" />,
  plank: () => <rect x="2" y="10" width="20" height="4" fill="#b07a44" stroke="#5a3a1a" stroke-width="1.2" />,
  bottle: () => <rect x="9" y="4" width="6" height="16" rx="3" fill="#4fa86a" stroke="#1f4f2e" stroke-width="1.2" />,
  stickman: () => (
    <g fill="none" stroke="#1d232b" stroke-width="1.8" stroke-linecap="round">
      <circle cx="12" cy="5" r="2.6" />
      <path d="M12 8v7M12 15l-3.5 6M12 15l3.5 6M12 10l-4.5 3M12 10l4.5 3" />
    </g>
  ),
  area: () => <rect x="4" y="4" width="16" height="16" fill="rgba(63,167,214,0.25)" stroke="#3fa7d6" stroke-width="1.5" stroke-dasharray="3 2" />,
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
                      {ICONS[item.key]?.()}
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
