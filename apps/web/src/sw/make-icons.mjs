// Renders the PWA icons into public/icons (run once: `node apps/web/src/sw/make-icons.mjs`; the PNGs
// are committed). No image library: a tiny supersampled rasteriser and a PNG encoder on node:zlib.
// The mark is a brand-yellow diamond ring with a diamond inside, on the app's background colour.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { deflateSync } from 'node:zlib';

const out = join(dirname(fileURLToPath(import.meta.url)), '../../public/icons');
const BG = [0x0b, 0x0e, 0x11];
const BRAND = [0xf0, 0xb9, 0x0b];

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf) {
  let c = 0xffffffff;
  for (const b of buf) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type, data) {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const td = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(td));
  return Buffer.concat([len, td, crc]);
}
function png(size, rgba) {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 6; // RGBA
  const raw = Buffer.alloc((size * 4 + 1) * size);
  for (let y = 0; y < size; y++) {
    raw[y * (size * 4 + 1)] = 0; // filter: none
    rgba.copy(raw, y * (size * 4 + 1) + 1, y * size * 4, (y + 1) * size * 4);
  }
  const sig = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([
    sig,
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Colour at a point of the unit square (0..1), or null for transparent. */
function paint(x, y, { maskable }) {
  const r = 0.22; // corner radius of the 'any' icon
  if (!maskable) {
    const dx = Math.max(r - x, 0, x - (1 - r));
    const dy = Math.max(r - y, 0, y - (1 - r));
    if (dx * dx + dy * dy > r * r) return null;
  }
  // Maskable icons keep the mark inside the 80% safe zone.
  const s = maskable ? 0.62 : 0.78;
  const d = (Math.abs(x - 0.5) + Math.abs(y - 0.5)) / s;
  if (d <= 0.16) return BRAND;
  if (d <= 0.28) return BG;
  if (d <= 0.44) return BRAND;
  return BG;
}

function render(size, opts) {
  const rgba = Buffer.alloc(size * size * 4);
  const n = 4; // 4x4 supersampling for smooth edges
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      let rr = 0;
      let gg = 0;
      let bb = 0;
      let aa = 0;
      for (let sy = 0; sy < n; sy++) {
        for (let sx = 0; sx < n; sx++) {
          const c = paint((px + (sx + 0.5) / n) / size, (py + (sy + 0.5) / n) / size, opts);
          if (!c) continue;
          rr += c[0];
          gg += c[1];
          bb += c[2];
          aa += 1;
        }
      }
      const i = (py * size + px) * 4;
      if (aa > 0) {
        rgba[i] = Math.round(rr / aa);
        rgba[i + 1] = Math.round(gg / aa);
        rgba[i + 2] = Math.round(bb / aa);
      }
      rgba[i + 3] = Math.round((aa / (n * n)) * 255);
    }
  }
  return png(size, rgba);
}

const diamond = (s, d) => {
  const k = Math.round(s * d * 0.5 * 10000) / 100;
  const f = (v) => Math.round(v * 100) / 100;
  return `M50 ${f(50 - k)}L${f(50 + k)} 50L50 ${f(50 + k)}L${f(50 - k)} 50Z`;
};
const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100" role="img" aria-label="Exchange">
<title>Exchange</title>
<rect width="100" height="100" rx="22" fill="#0B0E11"/>
<path d="${diamond(0.78, 0.88)}" fill="#F0B90B"/>
<path d="${diamond(0.78, 0.56)}" fill="#0B0E11"/>
<path d="${diamond(0.78, 0.32)}" fill="#F0B90B"/>
</svg>
`;

mkdirSync(out, { recursive: true });
writeFileSync(join(out, 'icon-192.png'), render(192, { maskable: false }));
writeFileSync(join(out, 'icon-512.png'), render(512, { maskable: false }));
writeFileSync(join(out, 'icon-maskable-512.png'), render(512, { maskable: true }));
writeFileSync(join(out, 'apple-touch-icon-180.png'), render(180, { maskable: true }));
writeFileSync(join(out, 'icon.svg'), svg);
console.log(`icons written to ${out}`);
