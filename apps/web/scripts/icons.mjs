// Writes the web app manifest's PNG icons (public/icons/) from the favicon's drawing, with sharp.
// Run by hand when the logo changes (`node apps/web/scripts/icons.mjs`); the PNGs are committed.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const PUBLIC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'public');
const BOLT = 'M18 4 8 18h7l-2 10 11-15h-7z';
const BACKGROUND = '#1f2a3a';
const BLUE = '#3b82f6';

/** The favicon: rounded square, bolt across most of it. */
const any = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="7" fill="${BACKGROUND}"/><path d="${BOLT}" fill="${BLUE}"/></svg>`;

/**
 * Maskable: the launcher crops to its own shape, so the background bleeds to every edge and the
 * bolt stays inside the central 80 % circle (the safe zone): scaled to 60 % about the centre.
 */
const maskable = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" fill="${BACKGROUND}"/><g transform="translate(16 16) scale(0.6) translate(-16 -16)"><path d="${BOLT}" fill="${BLUE}"/></g></svg>`;

const outputs = [
  ['icon-192.png', any, 192],
  ['icon-512.png', any, 512],
  ['maskable-192.png', maskable, 192],
  ['maskable-512.png', maskable, 512],
  ['apple-touch-icon.png', maskable, 180],
];

fs.mkdirSync(path.join(PUBLIC, 'icons'), { recursive: true });
for (const [name, svg, size] of outputs) {
  await sharp(Buffer.from(svg), { density: (72 * size) / 32 })
    .resize(size, size)
    .png({ compressionLevel: 9, palette: true })
    .toFile(path.join(PUBLIC, 'icons', name));
  console.log(`icons/${name} ${size}×${size}`);
}
