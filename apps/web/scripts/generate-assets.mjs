#!/usr/bin/env node
// Icons and splash screens of the web app (manifest), the Android app and the iOS app, all generated from the one
// source image assets/logo.svg on the brand colour. Run after changing the logo:
//   npm run assets -w apps/web
// The outputs are committed; `npx cap sync` does not touch them.
import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';

const web = path.resolve(import.meta.dirname, '..');
const source = await fs.readFile(path.join(web, 'assets/logo.svg'));
export const BRAND = '#1d6b3a';

/** The logo, `size` pixels wide, on a transparent square canvas of `canvas` pixels (centred). */
async function logoOn(canvas, size, background = { r: 0, g: 0, b: 0, alpha: 0 }) {
  const logo = await sharp(source, { density: 384 }).resize(size, size).png().toBuffer();
  return sharp({ create: { width: canvas, height: canvas, channels: 4, background } })
    .composite([{ input: logo, gravity: 'centre' }])
    .png();
}

/** A rectangle of the brand colour with the logo centred, `share` of the shorter side wide. */
async function splash(width, height, share = 0.3) {
  const size = Math.round(Math.min(width, height) * share);
  const logo = await sharp(source, { density: 384 }).resize(size, size).png().toBuffer();
  return sharp({ create: { width, height, channels: 3, background: BRAND } })
    .composite([{ input: logo, gravity: 'centre' }])
    .png();
}

/** A rounded-corner mask for the non-maskable web icon. */
async function rounded(size) {
  const radius = Math.round(size * 0.22);
  const mask = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}"><rect width="${size}" height="${size}" rx="${radius}" fill="#fff"/></svg>`,
  );
  const full = await (await logoOn(size, Math.round(size * 0.7), BRAND)).toBuffer();
  return sharp(full)
    .composite([{ input: mask, blend: 'dest-in' }])
    .png();
}

const written = [];
async function write(relative, image) {
  const file = path.join(web, relative);
  await fs.mkdir(path.dirname(file), { recursive: true });
  await image.toFile(file);
  written.push(relative);
}

const hex = (color) => color.replace('#', '').toUpperCase();

// Web app manifest (public/manifest.webmanifest) and Apple touch icon.
await write('public/icons/icon-192.png', await rounded(192));
await write('public/icons/icon-512.png', await rounded(512));
// Maskable: the logo inside the inner 80 % safe zone, the colour to the edges.
await write('public/icons/maskable-512.png', await logoOn(512, Math.round(512 * 0.56), BRAND));
await write('public/icons/apple-touch-icon.png', await logoOn(180, 126, BRAND));

// Android: legacy launcher icons, adaptive icon foreground (108 dp canvas, logo inside the 66 dp safe zone),
// splash screens per density and orientation.
const densities = { mdpi: 1, hdpi: 1.5, xhdpi: 2, xxhdpi: 3, xxxhdpi: 4 };
const res = 'android/app/src/main/res';
for (const [density, scale] of Object.entries(densities)) {
  const icon = Math.round(48 * scale);
  await write(`${res}/mipmap-${density}/ic_launcher.png`, await logoOn(icon, Math.round(icon * 0.66), BRAND));
  await write(
    `${res}/mipmap-${density}/ic_launcher_round.png`,
    await logoOn(icon, Math.round(icon * 0.6), BRAND),
  );
  const foreground = Math.round(108 * scale);
  await write(
    `${res}/mipmap-${density}/ic_launcher_foreground.png`,
    await logoOn(foreground, Math.round(foreground * 0.5)),
  );
  const [shortSide, longSide] = [Math.round(320 * scale), Math.round(480 * scale)];
  await write(`${res}/drawable-port-${density}/splash.png`, await splash(shortSide, longSide));
  await write(`${res}/drawable-land-${density}/splash.png`, await splash(longSide, shortSide));
}
await write(`${res}/drawable/splash.png`, await splash(480, 320));
await fs.writeFile(
  path.join(web, res, 'values/ic_launcher_background.xml'),
  `<?xml version="1.0" encoding="utf-8"?>\n<resources>\n    <color name="ic_launcher_background">#${hex(BRAND)}</color>\n</resources>\n`,
);
written.push(`${res}/values/ic_launcher_background.xml`);

// iOS: the single 1024 px app icon (Xcode derives the rest) and the 2732 px universal splash image.
const xcassets = 'ios/App/App/Assets.xcassets';
await write(`${xcassets}/AppIcon.appiconset/AppIcon-512@2x.png`, await logoOn(1024, 640, BRAND));
for (const name of ['splash-2732x2732.png', 'splash-2732x2732-1.png', 'splash-2732x2732-2.png']) {
  await write(`${xcassets}/Splash.imageset/${name}`, await splash(2732, 2732, 0.18));
}

console.log(`${written.length} files from assets/logo.svg:\n  ${written.join('\n  ')}`);
