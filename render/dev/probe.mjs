import { chromium } from 'playwright-core';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox','--disable-gpu','--disable-background-networking','--disable-component-update','--no-first-run'] });
const page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
await page.setContent('<canvas id=c width=1280 height=720></canvas>');
const r = await page.evaluate(() => {
  const gl = document.getElementById('c').getContext('webgl2', { antialias: false });
  const vs = `#version 300 es
  in vec2 corner; in vec4 inst;
  void main(){ vec2 p = inst.xy + corner * inst.zw; gl_Position = vec4(p, 0., 1.); }`;
  const fs = `#version 300 es
  precision highp float; out vec4 o; void main(){ o = vec4(0.2,0.3,0.4,1.0); }`;
  const prog = gl.createProgram();
  for (const [t, src] of [[gl.VERTEX_SHADER, vs], [gl.FRAGMENT_SHADER, fs]]) { const s = gl.createShader(t); gl.shaderSource(s, src); gl.compileShader(s); gl.attachShader(prog, s); }
  gl.linkProgram(prog); gl.useProgram(prog);
  const N = 700;
  const inst = new Float32Array(N * 4);
  for (let i = 0; i < N; i++) inst.set([Math.random()*2-1, Math.random()*2-1, 0.01, 0.01], i*4);
  const cornerLoc = gl.getAttribLocation(prog, 'corner'), instLoc = gl.getAttribLocation(prog, 'inst');
  // instanced setup
  const vaoI = gl.createVertexArray(); gl.bindVertexArray(vaoI);
  const qb = gl.createBuffer(); gl.bindBuffer(gl.ARRAY_BUFFER, qb); gl.bufferData(gl.ARRAY_BUFFER, new Float32Array([-1,-1,1,-1,1,1,-1,1]), gl.STATIC_DRAW);
  gl.enableVertexAttribArray(cornerLoc); gl.vertexAttribPointer(cornerLoc, 2, gl.FLOAT, false, 0, 0);
  const ib = gl.createBuffer(); gl.bindBuffer(gl.ARRAY_BUFFER, ib); gl.bufferData(gl.ARRAY_BUFFER, inst, gl.DYNAMIC_DRAW);
  gl.enableVertexAttribArray(instLoc); gl.vertexAttribPointer(instLoc, 4, gl.FLOAT, false, 0, 0); gl.vertexAttribDivisor(instLoc, 1);
  const eb = gl.createBuffer(); gl.bindBuffer(gl.ELEMENT_ARRAY_BUFFER, eb); gl.bufferData(gl.ELEMENT_ARRAY_BUFFER, new Uint16Array([0,1,2,0,2,3]), gl.STATIC_DRAW);
  // expanded setup
  const vaoE = gl.createVertexArray(); gl.bindVertexArray(vaoE);
  const corners = new Float32Array(N*8), insts = new Float32Array(N*16), idx = new Uint16Array(N*6);
  for (let i=0;i<N;i++){ corners.set([-1,-1,1,-1,1,1,-1,1], i*8); for (let k=0;k<4;k++) insts.set(inst.subarray(i*4,i*4+4), i*16+k*4); idx.set([0,1,2,0,2,3].map(v=>v+i*4), i*6); }
  const cb2 = gl.createBuffer(); gl.bindBuffer(gl.ARRAY_BUFFER, cb2); gl.bufferData(gl.ARRAY_BUFFER, corners, gl.STATIC_DRAW);
  gl.enableVertexAttribArray(cornerLoc); gl.vertexAttribPointer(cornerLoc, 2, gl.FLOAT, false, 0, 0);
  const ib2 = gl.createBuffer(); gl.bindBuffer(gl.ARRAY_BUFFER, ib2); gl.bufferData(gl.ARRAY_BUFFER, insts, gl.DYNAMIC_DRAW);
  gl.enableVertexAttribArray(instLoc); gl.vertexAttribPointer(instLoc, 4, gl.FLOAT, false, 0, 0);
  const eb2 = gl.createBuffer(); gl.bindBuffer(gl.ELEMENT_ARRAY_BUFFER, eb2); gl.bufferData(gl.ELEMENT_ARRAY_BUFFER, idx, gl.STATIC_DRAW);
  const px = new Uint8Array(4);
  const run = (mode, n) => { const t = performance.now(); for (let f=0;f<n;f++){ gl.clear(gl.COLOR_BUFFER_BIT);
    if (mode==='inst'){ gl.bindVertexArray(vaoI); gl.drawElementsInstanced(gl.TRIANGLES, 6, gl.UNSIGNED_SHORT, 0, N); }
    else if (mode==='exp') { gl.bindVertexArray(vaoE); gl.drawElements(gl.TRIANGLES, N*6, gl.UNSIGNED_SHORT, 0); }
    gl.readPixels(0,0,1,1,gl.RGBA,gl.UNSIGNED_BYTE,px);} return (performance.now()-t)/n; };
  run('inst', 5); run('exp', 5);
  return { clearOnly: run('none', 60), inst: run('inst', 60), exp: run('exp', 60), inst2: run('inst', 60), exp2: run('exp', 60) };
});
console.log(JSON.stringify(r));
await browser.close();
