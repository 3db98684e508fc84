import { PNG } from 'pngjs';

/** A small PNG: a diagonal two-tone gradient in the given colour (demo icons and gallery images). */
export function demoPng(color: [number, number, number], width = 96, height = 96): Buffer {
  const png = new PNG({ width, height });
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (width * y + x) << 2;
      const t = (x + y) / (width + height);
      png.data[i] = Math.round(color[0] * (1 - t * 0.5));
      png.data[i + 1] = Math.round(color[1] * (1 - t * 0.5));
      png.data[i + 2] = Math.round(color[2] * (0.6 + t * 0.4));
      png.data[i + 3] = 255;
    }
  }
  return PNG.sync.write(png);
}
