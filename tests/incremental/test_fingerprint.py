"""Content hashes read an image file only when it is a regular file: one swapped for a pipe after
the spec was checked (a watch keeps running while files are saved) is never waited on."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_an_image_swapped_for_a_pipe_is_hashed_as_unreadable_at_once(tmp_path):
    art = tmp_path / "art.png"
    os.mkfifo(art)
    code = f"from pathlib import Path\nfrom pnp.incremental.fingerprint import file_hash\nprint(file_hash(Path({str(art)!r})))"
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60,
                       env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert r.returncode == 0 and r.stdout == "unreadable\n", r.stderr


def test_a_regular_image_is_hashed_by_its_bytes(tmp_path):
    import hashlib

    from pnp.incremental.fingerprint import file_hash

    art = tmp_path / "art.png"
    art.write_bytes(b"\x89PNG picture")
    assert file_hash(art) == hashlib.sha256(b"\x89PNG picture").hexdigest()
