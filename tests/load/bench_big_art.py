"""How long and how much memory a build of big raster art takes: not a test (timings vary with
the machine), a measurement to run before and after a change to pnp/load/images.py.

    .venv/bin/python tests/load/bench_big_art.py [jpg|png] [COUNT] [PX]

Copies examples/lanterns to a temporary folder, gives COUNT lanterns (30) a picture of PX x PX
pixels (3000) of its own through an image field drawn over the whole card, then runs
`pnp validate` and `pnp build` in child processes and prints each one's wall time, peak memory
(VmHWM) and the PDF's size. Measured on the 2-core test machine, 30 pictures of 3000 px, JPEG / PNG:
before (every picture embedded as decoded, all of them kept): validate 1.6 s, 787 MB / 3.6 s,
787 MB; build 18 s, 2.4 GB, 173 MB PDF / 26 s, 2.1 GB, 74 MB PDF. After (scaled down to
PRINT_DPI before drawing, a JPEG decoded at a reduced scale, decoded pixels kept within 128 MB):
validate 0.5 s, 33 MB / 3.6 s, 203 MB; build 4.8 s, 425 MB, 43 MB PDF / 9.7 s, 536 MB, 36 MB PDF.
"""
from __future__ import annotations

import random
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
CHILD = """\
import sys
from pnp.cli import main
code = main(sys.argv[1:])
hwm = next(ln.split()[1] for ln in open("/proc/self/status") if ln.startswith("VmHWM:"))
print("maxrss-kb", hwm, file=sys.stderr)
sys.exit(code)
"""


def pictures(art: Path, ext: str, count: int, px: int) -> list[str]:
    from PIL import Image, ImageDraw

    names = []
    for i in range(count):
        im = Image.merge("RGB", [Image.radial_gradient("L").resize((px, px)), Image.linear_gradient("L").resize((px, px)),
                                 Image.effect_noise((px, px), 8).point(lambda v: v // 16 * 16)])
        d, rng = ImageDraw.Draw(im), random.Random(i)
        for _ in range(200):
            x, y = rng.randrange(px), rng.randrange(px)
            d.ellipse((x, y, x + rng.randrange(50, 400), y + rng.randrange(50, 400)),
                      fill=(rng.randrange(256), rng.randrange(256), rng.randrange(256)))
        name = f"p{i}.{ext}"
        im.save(art / name, **({"quality": 85} if ext == "jpg" else {}))
        names.append(f"art/{name}")
    return names


def game(folder: Path, ext: str, count: int, px: int) -> None:
    for part in ("card_specs", "layouts"):
        shutil.copytree(ROOT / "examples" / "lanterns" / part, folder / part)
    (folder / "card_specs" / "art").mkdir()
    names = pictures(folder / "card_specs" / "art", ext, count, px)
    spec = folder / "card_specs" / "lanterns.yaml"
    icons = "    icons:  { list: { choice: [star, moon] }, max: 2, required: false }\n"
    spec.write_text(spec.read_text(encoding="utf-8").replace(icons, icons + "    pic:    { image: true, required: false }\n"),
                    encoding="utf-8")
    table = folder / "card_specs" / "lanterns.csv"
    rows = table.read_text(encoding="utf-8").splitlines()
    rows = [rows[0] + ",pic"] + [r + "," + (names[n] if n < len(names) else "") for n, r in enumerate(rows[1:])]
    table.write_text("\n".join(rows) + "\n", encoding="utf-8")
    layout = folder / "layouts" / "lanterns.yaml"
    first = '    - { rect: all, fill: "{colour.light}" }\n'
    layout.write_text(layout.read_text(encoding="utf-8").replace(
        first, first + '    - { image: "{pic}", box: all, when: pic }\n'), encoding="utf-8")


def measured(folder: Path, *args: str) -> None:
    start = time.monotonic()
    r = subprocess.run([sys.executable, "-c", CHILD, *args], cwd=folder, capture_output=True, text=True)
    took = time.monotonic() - start
    peak = int(r.stderr.rsplit("maxrss-kb ", 1)[1]) / 1024 if "maxrss-kb" in r.stderr else float("nan")
    print(f"pnp {args[0]}: exit {r.returncode}, {took:.1f} s, {peak:.0f} MB")


def main() -> None:
    ext = sys.argv[1] if len(sys.argv) > 1 else "jpg"
    count = int(sys.argv[2]) if len(sys.argv) > 2 else 30
    px = int(sys.argv[3]) if len(sys.argv) > 3 else 3000
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        game(folder, ext, count, px)
        measured(folder, "validate", "lanterns", "--specs", "card_specs")
        measured(folder, "build", "lanterns", "--specs", "card_specs", "--out", "out")
        pdf = folder / "out" / "lanterns.pdf"
        print(f"PDF: {pdf.stat().st_size / 1e6:.0f} MB" if pdf.exists() else "no PDF")


if __name__ == "__main__":
    main()
