/**
 * GLSL for the instanced 2D primitives (DESIGN.md §6b): every instance is one 2-triangle quad;
 * the fragment shader computes the signed distance to the shape and smooths the edge over one
 * device pixel (no MSAA). Colours arrive as straight sRGB rgba and leave premultiplied.
 *
 * Shared uniforms: uCss = stage px per CSS px (1 / zoom), uDev = stage px per device px
 * (1 / (zoom · devicePixelRatio)): the anti-aliasing width.
 *
 * Flags (a float bit field): 1 = the size (half-width / radius / half-size) is in CSS px,
 * 2 = the outline width is in CSS px. Otherwise both are stage px.
 */

const FLAG_FUNCS = /* glsl */ `
uniform float uCss;
uniform float uDev;
float sizeUnit(float f) { return mod(f, 2.0) >= 1.0 ? uCss : 1.0; }
float lineUnit(float f) { return mod(floor(f * 0.5), 2.0) >= 1.0 ? uCss : 1.0; }
`;

/** Round-capped segment a→b with half-width, optional outline and dashes. */
export const STROKE_VERTEX = /* glsl */ `
attribute vec4 iSeg;     // a.xy, b.xy (stage px)
attribute vec4 iParams;  // halfWidth, outlineWidth, dash length (CSS px, 0 = solid), flags
attribute vec4 iFill;
attribute vec4 iLine;
${FLAG_FUNCS}
varying vec2 vLocal;     // x along the segment from a, y across
varying vec4 vShape;     // len, halfWidth, outlineWidth, dash (stage px)
varying vec4 vFill;
varying vec4 vLine;
void main() {
  float f = iParams.w;
  float hw = iParams.x * sizeUnit(f);
  float lw = iParams.y * lineUnit(f);
  vec2 a = iSeg.xy;
  vec2 d = iSeg.zw - a;
  float len = length(d);
  vec2 dir = len > 1e-6 ? d / len : vec2(1.0, 0.0);
  vec2 nrm = vec2(-dir.y, dir.x);
  float ext = hw + uDev;
  float along = position.x > 0.0 ? len + ext : -ext;
  float across = position.y * ext;
  vec2 p = a + dir * along + nrm * across;
  vLocal = vec2(along, across);
  vShape = vec4(len, hw, lw, iParams.z * uCss);
  vFill = vec4(iFill.rgb * iFill.a, iFill.a);
  vLine = vec4(iLine.rgb * iLine.a, iLine.a);
  gl_Position = projectionMatrix * modelViewMatrix * vec4(p, 0.0, 1.0);
}
`;

/**
 * What the three shape fragment shaders share: the varyings their vertex shaders write, and
 * edge smoothing over one device pixel (no MSAA, DESIGN.md §6b) with an optional outline band.
 */
const SHAPE_FRAGMENT_COMMON = /* glsl */ `
uniform float uDev;
varying vec2 vLocal;
varying vec4 vShape;
varying vec4 vFill;
varying vec4 vLine;
float coverage(float edge) { return clamp(edge / uDev + 0.5, 0.0, 1.0); }
vec4 outlined(float edge, float width) { return width > 0.0 ? mix(vLine, vFill, coverage(edge - width)) : vFill; }
`;

export const STROKE_FRAGMENT = /* glsl */ `${SHAPE_FRAGMENT_COMMON}
void main() {
  float dx = max(max(-vLocal.x, vLocal.x - vShape.x), 0.0);
  float edge = vShape.y - length(vec2(dx, vLocal.y));
  float cov = coverage(edge);
  if (cov <= 0.0) discard;
  if (vShape.w > 0.0 && mod(vLocal.x, 2.0 * vShape.w) > vShape.w) discard;
  gl_FragColor = outlined(edge, vShape.z) * cov;
}
`;

/** Disc with an optional outline ring and an optional radius mark (shows rotation). */
export const DISC_VERTEX = /* glsl */ `
attribute vec4 iCircle;  // center.xy, radius, outlineWidth
attribute vec4 iExtra;   // flags, rotation, mark half-width (CSS px, 0 = none), unused
attribute vec4 iFill;
attribute vec4 iLine;
${FLAG_FUNCS}
varying vec2 vLocal;
varying vec4 vShape;     // radius, outlineWidth, mark half-width, unused
varying vec2 vDir;
varying vec4 vFill;
varying vec4 vLine;
void main() {
  float f = iExtra.x;
  float r = iCircle.z * sizeUnit(f);
  float lw = iCircle.w * lineUnit(f);
  float ext = r + uDev;
  vLocal = position.xy * ext;
  vShape = vec4(r, lw, iExtra.z * uCss, 0.0);
  vDir = vec2(cos(iExtra.y), sin(iExtra.y));
  vFill = vec4(iFill.rgb * iFill.a, iFill.a);
  vLine = vec4(iLine.rgb * iLine.a, iLine.a);
  gl_Position = projectionMatrix * modelViewMatrix * vec4(iCircle.xy + vLocal, 0.0, 1.0);
}
`;

export const DISC_FRAGMENT = /* glsl */ `${SHAPE_FRAGMENT_COMMON}
varying vec2 vDir;
void main() {
  float edge = vShape.x - length(vLocal);
  float cov = coverage(edge);
  if (cov <= 0.0) discard;
  vec4 col = outlined(edge, vShape.y);
  if (vShape.z > 0.0) {
    float t = clamp(dot(vLocal, vDir), 0.0, vShape.x);
    float md = length(vLocal - vDir * t);
    col = mix(col, vLine, coverage(vShape.z - md));
  }
  gl_FragColor = col * cov;
}
`;

/** Rotated (optionally rounded) rectangle with an optional outline. */
export const BOX_VERTEX = /* glsl */ `
attribute vec4 iBox;     // center.xy, halfSize.xy
attribute vec4 iBox2;    // rotation, outlineWidth, corner radius, flags
attribute vec4 iFill;
attribute vec4 iLine;
${FLAG_FUNCS}
varying vec2 vLocal;
varying vec4 vShape;     // half.xy, outlineWidth, corner radius
varying vec4 vFill;
varying vec4 vLine;
void main() {
  float f = iBox2.w;
  vec2 h = iBox.zw * sizeUnit(f);
  float lw = iBox2.y * lineUnit(f);
  vec2 ext = h + vec2(uDev);
  vLocal = position.xy * ext;
  vShape = vec4(h, lw, min(iBox2.z, min(h.x, h.y)));
  float c = cos(iBox2.x);
  float s = sin(iBox2.x);
  vec2 p = iBox.xy + vec2(vLocal.x * c - vLocal.y * s, vLocal.x * s + vLocal.y * c);
  vFill = vec4(iFill.rgb * iFill.a, iFill.a);
  vLine = vec4(iLine.rgb * iLine.a, iLine.a);
  gl_Position = projectionMatrix * modelViewMatrix * vec4(p, 0.0, 1.0);
}
`;

export const BOX_FRAGMENT = /* glsl */ `${SHAPE_FRAGMENT_COMMON}
void main() {
  vec2 q = abs(vLocal) - (vShape.xy - vec2(vShape.w));
  float sd = length(max(q, 0.0)) + min(max(q.x, q.y), 0.0) - vShape.w;
  float edge = -sd;
  float cov = coverage(edge);
  if (cov <= 0.0) discard;
  gl_FragColor = outlined(edge, vShape.z) * cov;
}
`;

/** Plain coloured triangles (terrain fills, polygon props); edges are covered by outline strokes. */
export const TRI_VERTEX = /* glsl */ `
attribute vec4 aColor;
varying vec4 vColor;
void main() {
  vColor = vec4(aColor.rgb * aColor.a, aColor.a);
  gl_Position = projectionMatrix * modelViewMatrix * vec4(position.xy, 0.0, 1.0);
}
`;

export const TRI_FRAGMENT = /* glsl */ `
varying vec4 vColor;
void main() {
  gl_FragColor = vColor;
}
`;
