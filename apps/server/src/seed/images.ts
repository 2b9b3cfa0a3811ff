// Pictures for the demo's identity applications: a document front and back and a selfie, drawn
// here as small PNGs so the operator's review screen shows something that looks like a document
// (a 1x1 pixel would look like a broken image). Each is stamped SPECIMEN: no real person's papers.

import { crc32, deflateSync } from 'node:zlib';

type Rgb = readonly [number, number, number];

/** What makes one member's pictures their own: the document's colour, skin and hair. */
export interface DemoLook {
  accent: Rgb;
  skin: Rgb;
  hair: Rgb;
  /** Varies the bar lengths and the barcode so two documents do not look the same. */
  seed: number;
}

// 5 x 7 glyphs of the one word printed on every picture.
const GLYPHS: Record<string, string[]> = {
  S: ['.###.', '#...#', '#....', '.###.', '....#', '#...#', '.###.'],
  P: ['####.', '#...#', '#...#', '####.', '#....', '#....', '#....'],
  E: ['#####', '#....', '#....', '####.', '#....', '#....', '#####'],
  C: ['.###.', '#...#', '#....', '#....', '#....', '#...#', '.###.'],
  I: ['.###.', '..#..', '..#..', '..#..', '..#..', '..#..', '.###.'],
  M: ['#...#', '##.##', '#.#.#', '#.#.#', '#...#', '#...#', '#...#'],
  N: ['#...#', '##..#', '#.#.#', '#..##', '#...#', '#...#', '#...#'],
};

const WHITE: Rgb = [255, 255, 255];
const INK: Rgb = [70, 78, 92];
const FAINT: Rgb = [176, 184, 196];

class Canvas {
  readonly pixels: Uint8Array;

  constructor(
    readonly width: number,
    readonly height: number,
    background: Rgb,
  ) {
    this.pixels = new Uint8Array(width * height * 3);
    this.rect(0, 0, width, height, background);
  }

  private set(x: number, y: number, c: Rgb): void {
    if (x < 0 || y < 0 || x >= this.width || y >= this.height) return;
    const i = (y * this.width + x) * 3;
    this.pixels[i] = c[0];
    this.pixels[i + 1] = c[1];
    this.pixels[i + 2] = c[2];
  }

  rect(x: number, y: number, w: number, h: number, c: Rgb): void {
    for (let j = y; j < y + h; j++) for (let i = x; i < x + w; i++) this.set(i, j, c);
  }

  /** A filled circle, drawn only inside the clip box (a portrait stays inside its frame). */
  circle(cx: number, cy: number, r: number, c: Rgb, clip = { x: 0, y: 0, w: this.width, h: this.height }) {
    for (let j = Math.max(cy - r, clip.y); j <= Math.min(cy + r, clip.y + clip.h - 1); j++) {
      for (let i = Math.max(cx - r, clip.x); i <= Math.min(cx + r, clip.x + clip.w - 1); i++) {
        if ((i - cx) ** 2 + (j - cy) ** 2 <= r * r) this.set(i, j, c);
      }
    }
  }

  text(x: number, y: number, word: string, scale: number, c: Rgb): void {
    [...word].forEach((letter, n) => {
      GLYPHS[letter]?.forEach((row, j) => {
        [...row].forEach((bit, i) => {
          if (bit === '#') this.rect(x + (n * 6 + i) * scale, y + j * scale, scale, scale, c);
        });
      });
    });
  }

  png(): Buffer {
    const stride = this.width * 3;
    const raw = Buffer.alloc((stride + 1) * this.height);
    for (let y = 0; y < this.height; y++) {
      // Filter type 0 (none) before every row.
      raw.set(this.pixels.subarray(y * stride, (y + 1) * stride), y * (stride + 1) + 1);
    }
    const chunk = (type: string, data: Buffer) => {
      const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
      const length = Buffer.alloc(4);
      length.writeUInt32BE(data.length);
      const crc = Buffer.alloc(4);
      crc.writeUInt32BE(crc32(body));
      return Buffer.concat([length, body, crc]);
    };
    const header = Buffer.alloc(13);
    header.writeUInt32BE(this.width, 0);
    header.writeUInt32BE(this.height, 4);
    header.set([8, 2, 0, 0, 0], 8); // 8 bits per channel, RGB, deflate, no filter set, no interlace
    return Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk('IHDR', header),
      chunk('IDAT', deflateSync(raw)),
      chunk('IEND', Buffer.alloc(0)),
    ]);
  }
}

/** A small repeatable sequence (the look's seed), so a restart would draw the same picture. */
function lengths(seed: number, count: number, min: number, max: number): number[] {
  let x = seed * 2_654_435_761 + 1;
  return Array.from({ length: count }, () => {
    x = (x * 1_103_515_245 + 12_345) % 2_147_483_648;
    // The high bits: the low bits of this generator repeat with a short period.
    return min + (Math.floor(x / 65_536) % (max - min + 1));
  });
}

const tint = (c: Rgb, amount: number): Rgb => [
  Math.round(c[0] + (255 - c[0]) * amount),
  Math.round(c[1] + (255 - c[1]) * amount),
  Math.round(c[2] + (255 - c[2]) * amount),
];

/** Labelled fields: a faint label bar above an ink bar, as printed on a card. */
function fields(c: Canvas, x: number, y: number, widths: number[]): void {
  widths.forEach((w, n) => {
    c.rect(x, y + n * 30, 56, 5, FAINT);
    c.rect(x, y + n * 30 + 10, w, 10, INK);
  });
}

/** The machine-readable zone: two lines of character cells along the bottom. */
function mrz(c: Canvas, y: number, seed: number): void {
  c.rect(0, y, c.width, c.height - y, [238, 240, 236]);
  const cells = lengths(seed + 7, 72, 0, 9);
  for (let line = 0; line < 2; line++) {
    for (let n = 0; n < 36; n++) {
      const h = cells[line * 36 + n]! < 2 ? 3 : 12;
      c.rect(18 + n * 12, y + 12 + line * 22 + (12 - h), 8, h, INK);
    }
  }
}

function portrait(c: Canvas, box: { x: number; y: number; w: number; h: number }, look: DemoLook): void {
  c.rect(box.x, box.y, box.w, box.h, [206, 212, 220]);
  const size = Math.min(box.w, box.h);
  const cx = box.x + Math.floor(box.w / 2);
  const head = Math.floor(size * 0.22);
  const cy = box.y + Math.floor(box.h * 0.42);
  const neck = Math.floor(head * 0.35);
  c.rect(cx - neck, cy + Math.floor(head * 0.6), 2 * neck, Math.floor(head * 0.9), look.skin);
  c.circle(cx, box.y + box.h + Math.floor(size * 0.12), Math.floor(size * 0.44), look.accent, box);
  c.circle(cx, cy - Math.floor(head * 0.25), head + 3, look.hair, box);
  c.circle(cx, cy, head, look.skin, box);
  const eye = Math.max(4, Math.round(head / 9));
  c.rect(cx - Math.floor(head * 0.4), cy - eye, eye, eye, INK);
  c.rect(cx + Math.floor(head * 0.4) - eye, cy - eye, eye, eye, INK);
  c.rect(
    cx - Math.floor(head * 0.25),
    cy + Math.floor(head * 0.45),
    Math.floor(head * 0.5),
    Math.ceil(eye / 2),
    INK,
  );
}

/** The document's photo side: header band, photo, fields, machine-readable zone. */
export function documentFront(look: DemoLook): Buffer {
  const c = new Canvas(480, 300, tint(look.accent, 0.88));
  c.rect(0, 0, c.width, 48, look.accent);
  c.text(18, 14, 'SPECIMEN', 3, WHITE);
  portrait(c, { x: 22, y: 64, w: 112, h: 140 }, look);
  fields(c, 156, 66, lengths(look.seed, 5, 90, 280));
  mrz(c, 230, look.seed);
  return c.png();
}

/** The back of an identity card or licence: a barcode, more fields and the zone again. */
export function documentBack(look: DemoLook): Buffer {
  const c = new Canvas(480, 300, tint(look.accent, 0.9));
  c.rect(0, 0, c.width, 24, look.accent);
  let x = 22;
  for (const w of lengths(look.seed + 3, 80, 1, 4)) {
    if (x + w > 458) break;
    c.rect(x, 40, w, 64, INK);
    x += w + 2;
  }
  fields(c, 22, 118, lengths(look.seed + 5, 3, 120, 320));
  c.text(300, 126, 'SPECIMEN', 2, look.accent);
  mrz(c, 230, look.seed + 1);
  return c.png();
}

/** The selfie, taken by a laptop camera: head and shoulders in front of a wall. */
export function selfie(look: DemoLook): Buffer {
  const c = new Canvas(360, 300, [226, 230, 224]);
  portrait(c, { x: 0, y: 0, w: 360, h: 300 }, look);
  c.text(132, 272, 'SPECIMEN', 2, WHITE);
  return c.png();
}
