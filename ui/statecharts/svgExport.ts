/**
 * The chart as a standalone .svg file: the drawn element itself (its stylesheet is embedded, see
 * chartStyles), so the file looks like the panel, with the active states of the moment.
 */
export function svgText(svg: SVGSVGElement): string {
  const clone = svg.cloneNode(true) as SVGSVGElement;
  // The file has its natural size; the panel's zoom is a view setting.
  const [, , w, h] = (clone.getAttribute('viewBox') ?? '0 0 0 0').split(' ');
  clone.setAttribute('width', w);
  clone.setAttribute('height', h);
  return `<?xml version="1.0" encoding="UTF-8"?>\n${new XMLSerializer().serializeToString(clone)}\n`;
}

export function svgFileName(actorOrMachine: string): string {
  return `${actorOrMachine.replace(/[^A-Za-z0-9_.-]+/g, '-').replace(/^-+|-+$/g, '') || 'statechart'}.svg`;
}

export function downloadSvg(svg: SVGSVGElement, name: string): void {
  const blob = new Blob([svgText(svg)], { type: 'image/svg+xml' });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = svgFileName(name);
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
