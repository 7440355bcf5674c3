// The demo store's pictures: one flat drawing per kind of product, on a 240 × 240 canvas (scripts/demo/png.mjs).
// Each takes the canvas, the product's colour and an accent colour.

const shirt = (c, color, { long = false } = {}) =>
  c.polygon(
    long
      ? [
          [75, 55],
          [100, 46],
          [140, 46],
          [165, 55],
          [200, 85],
          [212, 190],
          [188, 194],
          [170, 110],
          [168, 200],
          [72, 200],
          [70, 110],
          [52, 194],
          [28, 190],
          [40, 85],
        ]
      : [
          [70, 58],
          [100, 48],
          [140, 48],
          [170, 58],
          [206, 95],
          [182, 120],
          [166, 106],
          [166, 198],
          [74, 198],
          [74, 106],
          [58, 120],
          [34, 95],
        ],
    color,
  );

export const ICONS = {
  tee(c, color, accent) {
    shirt(c, color);
    c.ellipse(120, 50, 20, 11, accent);
  },
  hoodie(c, color, accent) {
    c.ellipse(120, 58, 34, 26, accent);
    shirt(c, color, { long: true });
    c.ellipse(120, 58, 18, 14, accent);
    c.rect(92, 140, 148, 176, accent, 8);
  },
  jacket(c, color, accent) {
    shirt(c, color, { long: true });
    c.rect(118, 52, 122, 198, accent);
    c.rect(86, 120, 108, 134, accent, 3);
    c.rect(132, 120, 154, 134, accent, 3);
    c.polygon(
      [
        [100, 46],
        [120, 78],
        [140, 46],
      ],
      accent,
    );
  },
  cap(c, color, accent) {
    c.ellipse(150, 140, 70, 13, accent);
    c.ellipse(115, 140, 62, 62, color, { to: 140 });
    c.ellipse(115, 80, 7, 5, accent);
  },
  beanie(c, color, accent) {
    c.ellipse(120, 150, 66, 82, color, { to: 150 });
    c.rect(52, 130, 188, 172, accent, 6);
    c.ellipse(120, 62, 18, 18, accent);
  },
  sneaker(c, color, accent) {
    c.polygon(
      [
        [34, 152],
        [52, 108],
        [96, 98],
        [132, 126],
        [192, 134],
        [210, 158],
        [34, 160],
      ],
      color,
    );
    c.rect(30, 156, 212, 174, accent, 6);
    c.rect(70, 112, 110, 118, accent);
    c.rect(78, 124, 118, 130, accent);
  },
  backpack(c, color, accent) {
    c.ring(120, 62, 22, 14, accent);
    c.rect(66, 62, 174, 204, color, 24);
    c.rect(84, 130, 156, 188, accent, 10);
    c.rect(84, 90, 156, 96, accent);
  },
  scarf(c, color, accent) {
    c.rect(82, 36, 122, 206, color, 8);
    c.rect(118, 80, 158, 214, color, 8);
    for (let y = 60; y < 200; y += 28) c.rect(82, y, 122, y + 8, accent);
    for (let y = 104; y < 210; y += 28) c.rect(118, y, 158, y + 8, accent);
  },
  mat(c, color, accent) {
    c.rect(46, 88, 194, 152, color, 32);
    c.ring(78, 120, 32, 20, accent);
    c.ellipse(78, 120, 10, 10, accent);
  },
  sunglasses(c, color, accent) {
    c.rect(50, 98, 190, 104, color);
    c.ellipse(84, 122, 36, 28, color);
    c.ellipse(156, 122, 36, 28, color);
    c.ellipse(84, 122, 28, 20, accent);
    c.ellipse(156, 122, 28, 20, accent);
  },
  wallet(c, color, accent) {
    c.rect(50, 70, 190, 170, color, 12);
    c.rect(50, 70, 190, 110, accent, 12);
    c.ellipse(168, 100, 8, 8, color);
  },
  mug(c, color, accent) {
    c.ring(162, 130, 32, 19, color);
    c.rect(64, 74, 164, 186, color, 12);
    c.rect(64, 74, 164, 86, accent, 6);
  },
  tote(c, color, accent) {
    c.fill((x, y) => y < 96 && (x - 120) ** 2 + (y - 96) ** 2 <= 44 ** 2 && (x - 120) ** 2 + (y - 96) ** 2 >= 36 ** 2, accent);
    c.polygon(
      [
        [58, 92],
        [182, 92],
        [192, 206],
        [48, 206],
      ],
      color,
    );
    c.ellipse(120, 150, 22, 22, accent);
  },
  notebook(c, color, accent) {
    c.rect(68, 40, 172, 200, color, 6);
    c.rect(150, 40, 158, 200, accent);
    for (let y = 70; y < 190; y += 18) for (let x = 84; x < 140; x += 18) c.ellipse(x, y, 2.2, 2.2, accent);
  },
  candle(c, color, accent) {
    c.ellipse(120, 74, 9, 18, "#f6a623");
    c.rect(118, 90, 122, 104, "#333333");
    c.rect(76, 100, 164, 198, color, 14);
    c.rect(76, 132, 164, 166, accent);
  },
  socks(c, color, accent) {
    c.polygon(
      [
        [88, 40],
        [132, 40],
        [132, 150],
        [170, 176],
        [160, 204],
        [96, 184],
        [88, 160],
      ],
      color,
    );
    c.rect(88, 40, 132, 60, accent);
    c.ellipse(150, 190, 14, 12, accent);
  },
  bottle(c, color, accent) {
    c.rect(104, 30, 136, 54, accent, 4);
    c.rect(110, 52, 130, 66, color);
    c.rect(84, 62, 156, 208, color, 20);
    c.rect(84, 110, 156, 150, accent);
  },
  stickers(c, color, accent) {
    c.rect(46, 50, 124, 128, color, 14);
    c.ellipse(160, 90, 40, 40, accent);
    c.polygon(
      [
        [90, 200],
        [120, 140],
        [150, 200],
      ],
      accent,
    );
    c.ellipse(180, 180, 26, 26, color);
  },
  print(c, color, accent) {
    c.rect(52, 36, 188, 204, accent);
    c.rect(64, 48, 176, 192, "#f3efe6");
    c.polygon(
      [
        [72, 180],
        [110, 100],
        [140, 150],
        [156, 126],
        [170, 180],
      ],
      color,
    );
    c.ellipse(150, 80, 12, 12, "#f6a623");
  },
  coasters(c, color, accent) {
    c.ellipse(100, 150, 58, 22, accent);
    c.ellipse(100, 140, 58, 22, color);
    c.ellipse(140, 110, 58, 22, accent);
    c.ellipse(140, 100, 58, 22, color);
  },
  keyring(c, color, accent) {
    c.ring(90, 90, 34, 26, accent);
    c.ellipse(136, 130, 26, 26, color);
    c.ellipse(136, 130, 8, 8, "#f3efe6");
    c.polygon(
      [
        [150, 146],
        [200, 196],
        [190, 206],
        [182, 198],
        [174, 206],
        [166, 198],
        [140, 158],
      ],
      color,
    );
  },
  napkins(c, color, accent) {
    c.rect(50, 70, 160, 180, accent, 4);
    c.rect(80, 50, 190, 160, color, 4);
    c.polygon(
      [
        [80, 50],
        [190, 50],
        [190, 160],
      ],
      accent,
    );
  },
  planter(c, color, accent) {
    c.ellipse(100, 86, 16, 40, "#4f8a4b");
    c.ellipse(140, 86, 16, 40, "#4f8a4b");
    c.ellipse(120, 70, 16, 46, "#3d7a3a");
    c.polygon(
      [
        [66, 120],
        [174, 120],
        [158, 206],
        [82, 206],
      ],
      color,
    );
    c.rect(62, 114, 178, 132, accent, 4);
  },
  lamp(c, color, accent) {
    c.rect(70, 192, 170, 206, accent, 5);
    c.polygon(
      [
        [114, 196],
        [124, 196],
        [96, 110],
        [88, 114],
      ],
      accent,
    );
    c.polygon(
      [
        [92, 106],
        [100, 116],
        [160, 80],
        [150, 66],
      ],
      accent,
    );
    c.polygon(
      [
        [130, 60],
        [190, 60],
        [206, 110],
        [114, 110],
      ],
      color,
    );
  },
};
