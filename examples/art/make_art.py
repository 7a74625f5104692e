"""Draw the example art in art/ with Pillow: `python3 examples/art/make_art.py`.

The images are ours (see LICENSE beside this file) and stand in for a user's own art: a cookie
picture for the Linzer cookie's `art` box, a striped cookie back and a tree-pattern decoration
back, both drawn edge to edge without bleed (pnp mirrors their edge pixels into the bleed).
Every image is drawn at 300 dpi for the size it prints at, and the same every run.
"""
from __future__ import annotations

import math
from pathlib import Path

from PIL import Image, ImageDraw

HERE = Path(__file__).resolve().parent
DPI = 300
CREAM, JAM, FIR, GOLD, DOUGH, CRUST = "#f7f0dc", "#a3112b", "#1f5a36", "#f2c230", "#e2b06a", "#a8672d"


def px(mm: float) -> int:
    return round(mm / 25.4 * DPI)


def star(cx: float, cy: float, r: float, points: int = 5, inner: float = 0.45, turn: float = -90) -> list:
    out = []
    for k in range(points * 2):
        rr = r if k % 2 == 0 else r * inner
        a = math.radians(turn + k * 180 / points)
        out.append((cx + rr * math.cos(a), cy + rr * math.sin(a)))
    return out


def cookie() -> Image.Image:
    """A star Linzer cookie on a plate, for the 32 x 31 mm art box (opaque: it replaces the box)."""
    n = px(34)
    img = Image.new("RGB", (n, n), CREAM)
    d = ImageDraw.Draw(img)
    c = n / 2
    d.ellipse((n * 0.04, n * 0.04, n * 0.96, n * 0.96), fill="#ffffff", outline="#d9cfb8", width=6)
    d.ellipse((n * 0.12, n * 0.12, n * 0.88, n * 0.88), outline="#ece4cf", width=4)
    d.polygon(star(c, c + n * 0.02, n * 0.40, 8, 0.78), fill=CRUST)
    d.polygon(star(c, c, n * 0.38, 8, 0.78), fill=DOUGH)
    d.polygon(star(c, c, n * 0.17, 5, 0.45), fill=JAM)
    for k in range(8):  # powdered sugar on the points
        a = math.radians(k * 45 + 22.5 - 90)
        x, y = c + n * 0.27 * math.cos(a), c + n * 0.27 * math.sin(a)
        d.ellipse((x - 9, y - 9, x + 9, y + 9), fill="#fbf6ea")
    return img


def cookie_back() -> Image.Image:
    """Candy-cane stripes with a gold star medallion: 44 x 63 mm, trim size, no bleed."""
    w, h = px(44), px(63)
    img = Image.new("RGB", (w, h), "#ffffff")
    d = ImageDraw.Draw(img)
    band = px(4)
    for k in range(-h // band - 2, w // band + 2, 2):  # diagonal red bands on white, up to every edge
        x = k * band
        d.polygon([(x, h), (x + band, h), (x + band + h, 0), (x + h, 0)], fill=JAM)
    r = px(13)
    d.ellipse((w / 2 - r, h / 2 - r, w / 2 + r, h / 2 + r), fill=FIR, outline=GOLD, width=px(1))
    d.polygon(star(w / 2, h / 2, r * 0.7), fill=GOLD)
    return img


def tree_back() -> Image.Image:
    """Rows of little fir trees on a dark green ground: the 50 x 80 mm diamond's bounding box."""
    w, h = px(50), px(80)
    img = Image.new("RGB", (w, h), FIR)
    d = ImageDraw.Draw(img)
    for j in range(h):  # a darker ground towards the tips
        t = abs(j - h / 2) / (h / 2)
        d.line((0, j, w, j), fill=(int(31 - 14 * t), int(90 - 40 * t), int(54 - 24 * t)))
    step = px(8)
    for row, y in enumerate(range(-step, h + step, step)):
        for x in range(-step, w + step, step):
            x0 = x + (step / 2 if row % 2 else 0)
            d.polygon([(x0, y - step * 0.38), (x0 - step * 0.26, y + step * 0.22), (x0 + step * 0.26, y + step * 0.22)],
                      fill="#2f7d4c")
            d.rectangle((x0 - step * 0.05, y + step * 0.22, x0 + step * 0.05, y + step * 0.32), fill="#6b3f22")
    d.polygon(star(w / 2, h / 2, px(9)), fill=GOLD)
    return img


def main() -> None:
    out = HERE / "art"
    out.mkdir(exist_ok=True)
    for name, draw in (("cookie.png", cookie), ("cookie-back.png", cookie_back), ("tree-back.png", tree_back)):
        draw().save(out / name, optimize=True)
        print(out / name)


if __name__ == "__main__":
    main()
